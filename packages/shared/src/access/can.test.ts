import { describe, expect, it } from 'vitest';
import { projectAction, projectRule } from '../http/access.ts';
import { ROLE_PRESETS } from '../organizations/roles.ts';
import type { OrgActor, OrgRef } from '../organizations/rules.ts';
import { type Action, can, RULES, refusal } from './can.ts';

const OWN = 'a'.repeat(24);
const CLIENT = 'b'.repeat(24);
const OPS = 'c'.repeat(24);
const orgs = {
  own: { id: OWN, type: 'consultant', consultantId: null },
  client: { id: CLIENT, type: 'client', consultantId: OWN },
  ops: { id: OPS, type: 'independent', consultantId: null, productOperations: true },
} satisfies Record<string, OrgRef>;
const who = (roles: OrgActor['roles'], organizationId = OWN): OrgActor => ({ id: 'me', organizationId, roles });
const consultantAdmin = who({ ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true });
const viewOnly = who(ROLE_PRESETS.viewOnly);
const root = who(ROLE_PRESETS.root, OPS);

describe('the vocabulary', () => {
  it('names every action subject:verb', () => {
    for (const action of Object.keys(RULES)) expect(action).toMatch(/^[a-z]+:[a-zA-Z]+$/);
  });

  // [actor, action, resource, allowed, the refusal's reason]
  it.each([
    ['a view-only user lists organizations', viewOnly, 'organizations:list', null, false, undefined],
    ['a client manager lists organizations', consultantAdmin, 'organizations:list', null, true, undefined],
    ['a consultant admin creates a client', consultantAdmin, 'organizations:create', orgs.own, true, undefined],
    [
      'a client manager of a non-consultant creates one',
      consultantAdmin,
      'organizations:create',
      { type: 'independent' },
      false,
      { status: 'forbidden', reason: 'notAConsultantToCreate' },
    ],
    ['a view-only user creates one', viewOnly, 'organizations:create', orgs.own, false, undefined],
    ['a consultant deletes its client', consultantAdmin, 'organization:delete', orgs.client, true, undefined],
    [
      'a consultant deletes its own organization',
      consultantAdmin,
      'organization:delete',
      orgs.own,
      false,
      { status: 'bad-request', reason: 'deleteOwn' },
    ],
    [
      'product operations delete their own organization',
      root,
      'organization:delete',
      orgs.ops,
      false,
      { status: 'bad-request', reason: 'deleteOwn' },
    ],
    [
      'another root deletes the product-operations organization',
      who(ROLE_PRESETS.root, CLIENT),
      'organization:delete',
      orgs.ops,
      false,
      { status: 'forbidden', reason: 'productOperations' },
    ],
    ['a view-only user deletes a client', viewOnly, 'organization:delete', orgs.client, false, undefined],
    ['product operations change a kind', root, 'organization:changeKind', null, true, undefined],
    ['a consultant admin changes a kind', consultantAdmin, 'organization:changeKind', null, false, undefined],
  ] as Array<[string, OrgActor, Action, never, boolean, unknown]>)(
    '%s',
    (_label, actor, action, resource, allowed, why) => {
      expect(can(actor, action, resource)).toBe(allowed);
      expect(refusal(actor, action, resource)).toEqual(why);
    },
  );
});

describe('project rules declared by action', () => {
  it.each([
    ['model:edit', { area: 'model', level: 'edit' }],
    ['form:view', { area: 'form', level: 'view' }],
    ['project:open', { member: true }],
    ['project:editMembers', { flag: 'editMembers' }],
    ['project:editProject', { flag: 'editProject' }],
  ] as const)('%s', (action, requirement) => {
    expect(projectAction(action, 'model', 'query', 'modelId')).toEqual(
      projectRule(requirement, 'model', 'query', 'modelId'),
    );
  });
});
