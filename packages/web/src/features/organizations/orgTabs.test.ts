import { type OrgActor, type OrgRef, type OrgRoles, ROLE_PRESETS } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { type OrgTab, organizationTabs } from './orgTabs.ts';

const ROOT_ORG: OrgRef = { id: 'root-org', type: 'independent', consultantId: null, productOperations: true };
const CONSULTANT: OrgRef = { id: 'consultant', type: 'consultant', consultantId: null };
const CLIENT: OrgRef = { id: 'client', type: 'client', consultantId: 'consultant' };
const OTHER_CLIENT: OrgRef = { id: 'other-client', type: 'client', consultantId: 'elsewhere' };
const INDEPENDENT: OrgRef = { id: 'independent', type: 'independent', consultantId: null };

const actor = (organizationId: string, roles: Partial<OrgRoles>): OrgActor => ({ id: 'me', organizationId, roles });
const consultantAdmin = { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true };
const only = (...keys: (keyof OrgRoles)[]) => ({
  ...ROLE_PRESETS.viewOnly,
  ...Object.fromEntries(keys.map((k) => [k, true])),
});

const ALL: OrgTab[] = ['general', 'users', 'projects', 'log'];

describe('organizationTabs', () => {
  it.each<[string, OrgActor, OrgRef, OrgTab[]]>([
    ['root on its own organization', actor('root-org', ROLE_PRESETS.root), ROOT_ORG, ALL],
    ['root on any organization', actor('root-org', ROLE_PRESETS.root), OTHER_CLIENT, ALL],
    ['an organization admin at home', actor('independent', ROLE_PRESETS.organizationAdmin), INDEPENDENT, ALL],
    ['a consultant admin on its client', actor('consultant', consultantAdmin), CLIENT, ALL],
    ['a consultant admin on another consultant’s client', actor('consultant', consultantAdmin), OTHER_CLIENT, []],
    ['an organization admin on its consultant', actor('client', ROLE_PRESETS.organizationAdmin), CONSULTANT, []],
    [
      'client manager without login history on its client',
      actor('consultant', only('manageClientOrganizations')),
      CLIENT,
      ['general', 'users', 'projects'],
    ],
    [
      'client manager and login viewer on its client',
      actor('consultant', only('manageClientOrganizations', 'viewOrganizationLogins')),
      CLIENT,
      ALL,
    ],
    [
      'organization admin of a consultant without client role on its client',
      actor('consultant', ROLE_PRESETS.organizationAdmin),
      CLIENT,
      [],
    ],
    ['editOrganizationSettings only', actor('independent', only('editOrganizationSettings')), INDEPENDENT, ['general']],
    ['manageOrganizationUsers only', actor('independent', only('manageOrganizationUsers')), INDEPENDENT, ['users']],
    [
      'manageOrganizationProjects only',
      actor('independent', only('manageOrganizationProjects')),
      INDEPENDENT,
      ['projects'],
    ],
    ['viewOrganizationLogins only', actor('independent', only('viewOrganizationLogins')), INDEPENDENT, ['log']],
    ['a standard user', actor('independent', ROLE_PRESETS.standard), INDEPENDENT, []],
    ['a view-only user', actor('independent', ROLE_PRESETS.viewOnly), INDEPENDENT, []],
    ['an organization admin elsewhere', actor('independent', ROLE_PRESETS.organizationAdmin), CLIENT, []],
  ])('%s', (_, who, org, tabs) => {
    expect(organizationTabs(who, org)).toEqual(tabs);
  });
});
