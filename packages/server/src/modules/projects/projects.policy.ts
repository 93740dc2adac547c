import type { AuthUser } from '../../platform/context.ts';

/** What the rules below need to know of an organization. */
export interface OrganizationRef {
  id: string;
  consultantId: string | null;
}
type Caller = AuthUser['user'];

const isOwn = (user: Caller, org: OrganizationRef) => org.id === user.organizationId;
const isClientOf = (user: Caller, org: OrganizationRef) => org.consultantId === user.organizationId;

/**
 * The organizations a caller may act on (create a project in, take members from): their own, a client of
 * their consultant organization with manageClientOrganizations, any with manageAllOrganizations.
 */
export function reachesOrganization(user: Caller, org: OrganizationRef): boolean {
  return (
    isOwn(user, org) ||
    !!user.roles.manageAllOrganizations ||
    (!!user.roles.manageClientOrganizations && isClientOf(user, org))
  );
}

/**
 * manageOrganizationProjects acts as Full Access on the projects of the organizations the caller reaches
 * (spec 3 §6) — the same rule as `effectiveProjectRoles`.
 */
export function managesProjectsOf(user: Caller, org: OrganizationRef): boolean {
  return !!user.roles.manageOrganizationProjects && reachesOrganization(user, org);
}

/** The organization settings Projects tab. */
export function canListProjectsOf(user: Caller, org: OrganizationRef): boolean {
  return (
    (isOwn(user, org) && !!user.roles.manageOrganizationProjects) ||
    !!user.roles.manageAllOrganizations ||
    (!!user.roles.manageClientOrganizations && isClientOf(user, org))
  );
}

/**
 * Transfer Project targets (spec 3 §6): every organization for manageAllOrganizations, otherwise the clients of
 * the caller's consultant organization with manageClientOrganizations.
 */
export function canTransferProjectTo(user: Caller, org: OrganizationRef): boolean {
  return !!user.roles.manageAllOrganizations || (!!user.roles.manageClientOrganizations && isClientOf(user, org));
}
