import { type ProjectAction, requirementOf } from '../http/access.ts';
import type { OrganizationType } from '../organizations/roles.ts';
import {
  canAdministerOrganization,
  canChangeOrganizationKind,
  canEditOrganization,
  canListClientsOf,
  canManageUsersOf,
  canViewLoginsOf,
  canViewOrganization,
  type OrgActor,
  type OrgRef,
  organizationCreation,
  organizationLifecycleRefusal,
} from '../organizations/rules.ts';
import type { ProjectRoles } from '../projects/permissions.ts';
import { type AccountRef, canAdministerAccount, canEditAccount, canViewAccountLog } from './accounts.ts';
import { canRunModel, type ModelStanding } from './models.ts';
import {
  canListProjectsOf,
  canTransferProjectTo,
  effectiveProjectRoles,
  isPubliclyVisible,
  managesProjectsOf,
  meetsRequirement,
  type OrganizationFacts,
  type ProjectRequirement,
  type ProjectStanding,
  type PublicExposure,
  reachesOrganization,
} from './projects.ts';

/**
 * The one access vocabulary (after Outline's `authorize(user, action, resource)`): every rule of the
 * product is an action named `subject:verb`, answered by `can(actor, action, resource)`. Route declarations
 * (`tenantRule`, `projectRule` in http/access.ts) name these actions and the server enforces them before any
 * handler runs; the web calls `can` with the same names to show or hide controls.
 */

/** No resource: a rule on the actor alone (an organization role, or a choice among roles). */
export type NoResource = null;

/** A project as the caller stands on it: either their effective roles, or what decides them. */
export type ProjectResource = { roles: ProjectRoles } | ProjectStanding;

const projectRoles = (actor: OrgActor, p: ProjectResource): ProjectRoles | undefined =>
  'roles' in p ? p.roles : effectiveProjectRoles(actor, p);

const onProject =
  (requirement: ProjectRequirement) =>
  (actor: OrgActor, p: ProjectResource): boolean => {
    const roles = projectRoles(actor, p);
    return !!roles && meetsRequirement(roles, requirement);
  };

const PROJECT_ACTIONS: ProjectAction[] = [
  ...(['dashboard', 'dataset', 'model', 'package', 'form'] as const).flatMap((area) =>
    (['view', 'edit'] as const).map((level) => `${area}:${level}` as const),
  ),
  'project:open',
  'project:editMembers',
  'project:editProject',
];
const ON_PROJECT = Object.fromEntries(
  PROJECT_ACTIONS.map((action) => [action, onProject(requirementOf(action))]),
) as Record<ProjectAction, (actor: OrgActor, p: ProjectResource) => boolean>;

/** Every action, with the resource it is asked about. */
export const RULES = {
  // Organizations
  'organization:view': (a: OrgActor, o: OrgRef) => canViewOrganization(a, o),
  'organization:edit': (a: OrgActor, o: OrgRef) => canEditOrganization(a, o),
  'organization:administer': (a: OrgActor, o: OrgRef) => canAdministerOrganization(a, o),
  /** Delete: administer it, and it is neither one's own nor the product-operations organization. */
  'organization:delete': (a: OrgActor, o: OrgRef) =>
    canAdministerOrganization(a, o) && organizationLifecycleRefusal(a, o) === null,
  'organization:changeKind': (a: OrgActor, _o: NoResource) => canChangeOrganizationKind(a),
  'organization:listClients': (a: OrgActor, o: OrgRef) => canListClientsOf(a, o),
  'organization:manageUsers': (a: OrgActor, o: OrgRef) => canManageUsersOf(a, o),
  'organization:viewLogins': (a: OrgActor, o: OrgRef) => canViewLoginsOf(a, o),
  'organization:listProjects': (a: OrgActor, o: OrganizationFacts) => canListProjectsOf(a, o),
  'organization:manageProjects': (a: OrgActor, o: OrganizationFacts) => managesProjectsOf(a, o),
  /** Create a project in it, take members from it. */
  'organization:reach': (a: OrgActor, o: OrganizationFacts) => reachesOrganization(a, o),
  'organization:receiveProject': (a: OrgActor, o: OrganizationFacts) => canTransferProjectTo(a, o),
  /** The organizations list: all of them (manageAllOrganizations) or one's clients (manageClientOrganizations). */
  'organizations:list': (a: OrgActor, _o: NoResource) =>
    a.roles.manageAllOrganizations === true || a.roles.manageClientOrganizations === true,
  /** Create an organization (of any kind, or a client of one's own consultant organization). */
  'organizations:create': (a: OrgActor, own: { type: OrganizationType }) =>
    organizationCreation(a, own.type) !== 'none',
  'projects:create': (a: OrgActor, _o: NoResource) => a.roles.createProjects === true,
  // User accounts
  'user:editAccount': (a: OrgActor, u: AccountRef) => canEditAccount(a, u),
  'user:administer': (a: OrgActor, u: AccountRef) => canAdministerAccount(a, u),
  'user:viewLogins': (a: OrgActor, u: Pick<AccountRef, 'user'>) => canViewAccountLog(a, u),
  // Projects: the area roles, the two flags, membership
  ...ON_PROJECT,
  // Models on dashboards: run from the model bar, reset the bar's inputs to their defaults
  'model:run': (_a: OrgActor, s: ModelStanding) => canRunModel(s),
  'model:resetInputs': (_a: OrgActor, s: ModelStanding) => canRunModel(s),
  // Without signing in
  'dashboard:viewPublic': (_a: OrgActor | null, e: PublicExposure) => isPubliclyVisible(e),
} as const;

export type Action = keyof typeof RULES;
/** The resource an action is asked about. */
export type ResourceOf<A extends Action> = Parameters<(typeof RULES)[A]>[1];
/** Actions asked about an organization (or its facts), as a route resolves it from the request. */
export type OrganizationAction = {
  [A in Action]: OrgRef extends ResourceOf<A> ? (ResourceOf<A> extends null ? never : A) : never;
}[Action];
/** Actions asked about a user account, as a route resolves it from the request. */
export type AccountAction = {
  [A in Action]: AccountRef extends ResourceOf<A> ? (A extends `user:${string}` ? A : never) : never;
}[Action];
/** Actions asked about the actor alone. */
export type ActorAction = { [A in Action]: ResourceOf<A> extends NoResource ? A : never }[Action];

/** May the actor do this to this resource? The single question every access decision asks. */
export function can<A extends Action>(actor: OrgActor, action: A, resource: ResourceOf<A>): boolean {
  return (RULES[action] as (a: OrgActor, r: ResourceOf<A>) => boolean)(actor, resource);
}

/** Why an action is refused, where the spec words it: the answer's status and the message's key. */
export interface Refusal {
  status: 'bad-request' | 'forbidden';
  reason: 'deleteOwn' | 'productOperations' | 'notAConsultantToCreate';
}

const REFUSALS: { [A in Action]?: (actor: OrgActor, resource: ResourceOf<A>) => Refusal | undefined } = {
  'organization:delete': (a, o) => {
    const why = organizationLifecycleRefusal(a, o);
    if (why === 'own') return { status: 'bad-request', reason: 'deleteOwn' };
    if (why === 'productOperations') return { status: 'forbidden', reason: 'productOperations' };
    return undefined;
  },
  'organizations:create': (a) =>
    a.roles.manageClientOrganizations ? { status: 'forbidden', reason: 'notAConsultantToCreate' } : undefined,
};

/** The reason a refused action gives (one's own organization, ...), or undefined for a plain refusal. */
export function refusal<A extends Action>(actor: OrgActor, action: A, resource: ResourceOf<A>): Refusal | undefined {
  if (can(actor, action, resource)) return undefined;
  const why = REFUSALS[action] as ((a: OrgActor, r: ResourceOf<A>) => Refusal | undefined) | undefined;
  return why?.(actor, resource);
}
