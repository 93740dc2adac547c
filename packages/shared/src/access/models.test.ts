import { describe, expect, it } from 'vitest';
import { ROLE_PRESETS } from '../organizations/roles.ts';
import type { OrgActor } from '../organizations/rules.ts';
import { PROJECT_ROLE_PRESETS, type ProjectRoles } from '../projects/permissions.ts';
import { can } from './can.ts';
import { runDependsOnDashboards } from './models.ts';

const actor: OrgActor = { id: 'me', organizationId: 'a'.repeat(24), roles: ROLE_PRESETS.viewOnly };
const P = PROJECT_ROLE_PRESETS;
const dashboardsHidden: ProjectRoles = { ...P.viewDashboards, dashboard: 'hidden' };

describe('model:run, model:resetInputs and the model edit link', () => {
  // [who, roles, a dashboard of the project reads the model, may run]
  it.each([
    ['full access', P.full, false, true],
    ['a model viewer, model on no dashboard', P.view, false, true],
    ['a View Dashboards member, model on a dashboard', P.viewDashboards, true, true],
    ['a View Dashboards member, model on no dashboard', P.viewDashboards, false, false],
    ['a member seeing neither models nor dashboards, model on a dashboard', dashboardsHidden, true, false],
  ] as const)('%s: %s', (_who, roles, onDashboard, allowed) => {
    expect(can(actor, 'model:run', { roles, onDashboard })).toBe(allowed);
    expect(can(actor, 'model:resetInputs', { roles, onDashboard })).toBe(allowed);
  });

  it.each([
    [P.full, true],
    [P.edit, true],
    [P.view, false],
    [P.viewDashboards, false],
  ] as const)('the model edit link needs model edit (%#)', (roles, shown) => {
    expect(can(actor, 'model:edit', { roles })).toBe(shown);
  });

  it('reads the dashboards only when dashboard view is what could let the caller in', () => {
    expect(runDependsOnDashboards(P.viewDashboards)).toBe(true);
    expect(runDependsOnDashboards(P.view)).toBe(false);
    expect(runDependsOnDashboards(dashboardsHidden)).toBe(false);
  });
});
