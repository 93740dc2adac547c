import { describe, expect, it } from 'vitest';
import {
  areasWrittenBy,
  canActOnMember,
  canGrant,
  firstVisibleArea,
  followedArea,
  meetsLevel,
  opensAreaPage,
  PROJECT_ROLE_PRESETS as P,
  PROJECT_AREA_PAGES,
  type ProjectRoles,
  projectPresetOf,
  setAreaLevel,
  withPackageOfModel,
} from './permissions.ts';

describe('project roles', () => {
  it.each([
    ['full', P.full],
    ['edit', P.edit],
    ['view', P.view],
    ['viewDashboards', P.viewDashboards],
    ['custom', { ...P.view, dataset: 'edit' } as ProjectRoles],
    ['custom', { ...P.full, editMembers: false } as ProjectRoles],
  ])('recognises %s by equality', (name, roles) => {
    expect(projectPresetOf(roles)).toBe(name);
  });

  it.each([
    ['hidden', 'hidden', true],
    ['view', 'hidden', true],
    ['edit', 'hidden', true],
    ['hidden', 'view', false],
    ['view', 'view', true],
    ['edit', 'view', true],
    ['hidden', 'edit', false],
    ['view', 'edit', false],
    ['edit', 'edit', true],
  ] as const)('held %s meets %s: %s', (held, needed, ok) => {
    expect(meetsLevel(held, needed)).toBe(ok);
  });

  it('changing the model role sets the package role too', () => {
    expect(setAreaLevel(P.view, 'model', 'edit')).toMatchObject({ model: 'edit', package: 'edit' });
    expect(setAreaLevel(P.view, 'dataset', 'edit')).toMatchObject({ dataset: 'edit', package: 'view' });
  });

  it.each([
    ['package', 'model'],
    ['model', undefined],
    ['dashboard', undefined],
    ['dataset', undefined],
    ['form', undefined],
  ] as const)('the %s level follows: %s', (area, leader) => {
    expect(followedArea(area)).toBe(leader);
  });

  it.each([
    ['model', ['model', 'package']],
    ['package', ['package']],
    ['dataset', ['dataset']],
  ] as const)('a change of %s writes %j', (area, written) => {
    expect(areasWrittenBy(area)).toEqual(written);
  });

  it('the package level is not set on its own: the choice changes nothing', () => {
    expect(setAreaLevel(P.view, 'package', 'edit')).toEqual(P.view);
    expect(setAreaLevel(P.view, 'package', 'hidden')).toEqual(P.view);
  });

  it.each([
    [P.full, P.full, true],
    [P.edit, P.full, false],
    [P.edit, P.edit, true],
    [P.view, P.edit, false],
    [P.view, P.viewDashboards, true],
    [P.viewDashboards, P.view, false],
    [{ ...P.edit, editMembers: true } as ProjectRoles, { ...P.view, editMembers: true } as ProjectRoles, true],
    [{ ...P.edit, editMembers: true } as ProjectRoles, { ...P.view, editProject: true } as ProjectRoles, false],
  ])('granter %# may grant: %s', (granter, granted, ok) => {
    expect(canGrant(granter, granted)).toBe(ok);
  });

  const membersOnly = { ...P.viewDashboards, editMembers: true } as ProjectRoles;
  // [case, actor, member, may change or remove]
  it.each<[string, ProjectRoles, ProjectRoles, boolean]>([
    ['full access on the creator', P.full, P.full, true],
    ['edit members only on the creator (full access)', membersOnly, P.full, false],
    ['edit members only on a viewer of dashboards', membersOnly, P.viewDashboards, true],
    ['edit members only on another who edits members only', membersOnly, membersOnly, true],
    [
      'edit members only on a dataset viewer',
      membersOnly,
      { ...P.viewDashboards, dataset: 'view' } as ProjectRoles,
      false,
    ],
    ['edit + edit members on a full-access member', { ...P.edit, editMembers: true } as ProjectRoles, P.full, false],
    ['edit + edit members on an editor', { ...P.edit, editMembers: true } as ProjectRoles, P.edit, true],
    [
      'view + edit members on a member who may edit the project',
      { ...P.view, editMembers: true } as ProjectRoles,
      { ...P.view, editProject: true } as ProjectRoles,
      false,
    ],
    ['full access on anyone lower', P.full, P.edit, true],
  ])('%s', (_case, actor, member, ok) => {
    expect(canActOnMember(actor, member)).toBe(ok);
  });

  it('finds the first visible area in the order dashboards, datasets, models, forms', () => {
    expect(firstVisibleArea(P.viewDashboards)).toBe('dashboards');
    expect(firstVisibleArea({ ...P.view, dashboard: 'hidden' } as ProjectRoles)).toBe('datasets');
    expect(firstVisibleArea({ ...P.viewDashboards, dashboard: 'hidden', form: 'view' } as ProjectRoles)).toBe('forms');
    expect(firstVisibleArea({ ...P.viewDashboards, dashboard: 'hidden' } as ProjectRoles)).toBeUndefined();
  });

  const hidden = { ...P.viewDashboards, dashboard: 'hidden' } as ProjectRoles;
  // [roles, the page the root opens]: the guard's rule decides, so the root never picks a page that sends it back.
  it.each([
    [{ ...hidden, model: 'view', package: 'view' }, 'models'],
    [{ ...hidden, package: 'view' }, 'models'],
    [{ ...hidden, model: 'edit' }, undefined],
    [{ ...hidden, model: 'view', form: 'view' }, 'forms'],
    [{ ...hidden, dataset: 'edit', package: 'view' }, 'datasets'],
  ] as Array<[ProjectRoles, string | undefined]>)(
    'the root of %o opens %s, a page its guard lets in',
    (roles, page) => {
      expect(firstVisibleArea(roles)).toBe(page);
      for (const p of PROJECT_AREA_PAGES.filter((x) => x.root)) {
        if (p.path === page) expect(opensAreaPage(roles, p)).toBe(true);
      }
    },
  );

  it.each([
    [{ ...hidden, model: 'view' }, 'view'],
    [{ ...hidden, package: 'edit' }, 'hidden'],
    [{ ...P.full }, 'edit'],
  ] as Array<[ProjectRoles, string]>)(
    'a permission write keeps the package role equal to the model role',
    (roles, pkg) => {
      const written = withPackageOfModel(roles);
      expect(written.package).toBe(pkg);
      expect(written.model).toBe(roles.model);
      expect({ ...written, package: roles.package }).toEqual(roles);
    },
  );
});
