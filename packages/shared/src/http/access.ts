import type { AccountAction, ActorAction, OrganizationAction } from '../access/can.ts';
import type { OrgRoleKey } from '../organizations/roles.ts';

/** Project areas that carry a hidden | view | edit role. */
export const PROJECT_AREAS = ['dashboard', 'dataset', 'model', 'package', 'form'] as const;
export type ProjectArea = (typeof PROJECT_AREAS)[number];
export type AreaLevel = 'hidden' | 'view' | 'edit';

/** Where the server finds the resource a project-rule route acts on. */
export interface ResourceRef {
  /** The resource kind, resolved to its project and organization on the server (never trusted from the client). */
  resource: string;
  /** Which part of the request holds the resource id. */
  in: 'params' | 'query' | 'body';
  key: string;
}

/**
 * What a tenant rule asks its action about: an organization or a user account found from the request, the
 * caller's own organization, or nothing but the caller.
 */
export type TenantTarget =
  | { resource: 'organization'; in: ResourceRef['in']; key: string }
  | { resource: 'user'; in: ResourceRef['in']; key: string }
  | { resource: 'ownOrganization' }
  | { resource: 'none' };

/**
 * The access rule every route declares in its contract.
 * - public: anyone, no token needed
 * - login: any signed-in, active user
 * - organization: a signed-in user holding the organization role
 * - tenant: a signed-in user for whom `can(actor, action, target)` holds (access/can.ts). An organization the caller
 *   may not see, or a missing one, answers 404; a refused action answers 403, or 404 when `refuse` says so
 *   (a user account out of reach, never revealing that it exists)
 * - project: a member whose project role meets the requirement on the resource's project
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'login' }
  | { kind: 'organization'; role: OrgRoleKey }
  | {
      kind: 'tenant';
      action: OrganizationAction | AccountAction | ActorAction | 'organizations:create';
      target: TenantTarget;
      refuse: 'forbidden' | 'not-found';
    }
  | {
      kind: 'project';
      /** An area role (view is met by view or edit), a project flag, or mere membership (any role, even all hidden). */
      requirement:
        | { area: ProjectArea; level: 'view' | 'edit' }
        | { flag: 'editMembers' | 'editProject' }
        | { member: true }
        | { action: FactAction };
      from: ResourceRef;
    };

/**
 * Actions of the vocabulary whose answer needs facts about the resource beyond the caller's roles (is the model
 * used on a dashboard?): the server reads those facts with the module's fact reader, then asks `can`.
 */
export const FACT_ACTIONS = ['model:run'] as const;
export type FactAction = (typeof FACT_ACTIONS)[number];

/** A project rule asked of the vocabulary with facts about the resource (`model:run` on a model or a run). */
export const projectFactRule = (
  action: FactAction,
  resource: string,
  where: ResourceRef['in'] = 'params',
  key = 'id',
): Access => ({ kind: 'project', requirement: { action }, from: { resource, in: where, key } });

export const PUBLIC: Access = { kind: 'public' };
export const LOGIN: Access = { kind: 'login' };
export const orgRole = (role: OrgRoleKey): Access => ({ kind: 'organization', role });

/** The actions of the vocabulary asked about a project: an area at a level, a flag, or mere membership. */
export type ProjectAction =
  | `${ProjectArea}:${'view' | 'edit'}`
  | 'project:open'
  | 'project:editMembers'
  | 'project:editProject';

/** What a project action requires of the caller's roles on the project. */
export function requirementOf(action: ProjectAction): Extract<Access, { kind: 'project' }>['requirement'] {
  if (action === 'project:open') return { member: true };
  if (action === 'project:editMembers') return { flag: 'editMembers' };
  if (action === 'project:editProject') return { flag: 'editProject' };
  const [area, level] = action.split(':') as [ProjectArea, 'view' | 'edit'];
  return { area, level };
}

/**
 * A project rule named by its action of the vocabulary (`model:edit`, `project:editMembers`, ...): the same rule
 * as `projectRule` with the requirement spelled out. `resource` is the kind the server resolves to its project.
 */
export const projectAction = (
  action: ProjectAction,
  resource: string,
  where: ResourceRef['in'] = 'params',
  key = 'id',
): Access => projectRule(requirementOf(action), resource, where, key);

export const projectRule = (
  requirement: Extract<Access, { kind: 'project' }>['requirement'],
  resource: string,
  where: ResourceRef['in'] = 'params',
  key = 'id',
): Access => ({ kind: 'project', requirement, from: { resource, in: where, key } });

/** A rule of the vocabulary on an organization found from the request (by default its `:id`). */
export const organizationRule = (
  action: OrganizationAction,
  where: ResourceRef['in'] = 'params',
  key = 'id',
  refuse: 'forbidden' | 'not-found' = 'forbidden',
): Access => ({ kind: 'tenant', action, target: { resource: 'organization', in: where, key }, refuse });

/** A rule of the vocabulary on a user account found from the request's `:id`; refused like an unknown user (404). */
export const accountRule = (action: AccountAction): Access => ({
  kind: 'tenant',
  action,
  target: { resource: 'user', in: 'params', key: 'id' },
  refuse: 'not-found',
});

/** A rule of the vocabulary on the caller alone (a choice among organization roles). */
export const actorRule = (action: ActorAction): Access => ({
  kind: 'tenant',
  action,
  target: { resource: 'none' },
  refuse: 'forbidden',
});

/** Creating an organization: decided by the caller's roles and the kind of their own organization. */
export const CREATE_ORGANIZATION: Access = {
  kind: 'tenant',
  action: 'organizations:create',
  target: { resource: 'ownOrganization' },
  refuse: 'forbidden',
};
