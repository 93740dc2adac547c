import type { OrgRoleKey } from '../organizations/roles.ts';

/** Project areas that carry a hidden | view | edit role (spec 3 §3 Permission). */
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
 * The access rule every route declares in its contract (DESIGN §3 "Access is denied by default").
 * - public: anyone, no token needed
 * - login: any signed-in, active user
 * - organization: a signed-in user holding the organization role
 * - project: a member whose project role meets the requirement on the resource's project
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'login' }
  | { kind: 'organization'; role: OrgRoleKey }
  | {
      kind: 'project';
      /** An area role (view is met by view or edit), a project flag, or mere membership (any role, even all hidden). */
      requirement:
        | { area: ProjectArea; level: 'view' | 'edit' }
        | { flag: 'editMembers' | 'editProject' }
        | { member: true };
      from: ResourceRef;
    };

export const PUBLIC: Access = { kind: 'public' };
export const LOGIN: Access = { kind: 'login' };
export const orgRole = (role: OrgRoleKey): Access => ({ kind: 'organization', role });

export const projectRule = (
  requirement: Extract<Access, { kind: 'project' }>['requirement'],
  resource: string,
  where: ResourceRef['in'] = 'params',
  key = 'id',
): Access => ({ kind: 'project', requirement, from: { resource, in: where, key } });
