import { ORG_ROLE_KEYS, type OrganizationType, type OrgRoleKey, type OrgRoles } from './roles.ts';

/**
 * Who may do what in the settings area (issue 3). Pure functions: the server enforces them
 * and the web uses the same ones to decide what to show, so the two can never disagree.
 */

/** Who acts: the signed-in user. */
export interface OrgActor {
  id: string;
  organizationId: string;
  roles: Partial<OrgRoles>;
}

/** What the rules need to know of an organization. */
export interface OrgRef {
  id: string;
  type: OrganizationType;
  consultantId: string | null;
  /** The product-operations organization, which nobody may deactivate or delete. */
  productOperations?: boolean;
}

const has = (actor: OrgActor, role: OrgRoleKey) => actor.roles[role] === true;

export const isOwnOrganization = (actor: OrgActor, org: OrgRef) => org.id === actor.organizationId;

/**
 * The one definition of a client: a client organization names its consultant, another organization (a database
 * constraint, migration 0013, lets no other kind name one). Pointing at a consultant without being a client
 * does not count.
 */
export const isClient = (org: Pick<OrgRef, 'id' | 'type' | 'consultantId'>): boolean =>
  org.type === 'client' && org.consultantId !== null && org.consultantId !== org.id;

/** A client organization whose consultant is the actor's organization. */
export const isClientOf = (
  actor: Pick<OrgActor, 'organizationId'>,
  org: Pick<OrgRef, 'id' | 'type' | 'consultantId'>,
) => isClient(org) && org.consultantId === actor.organizationId;

/** The actor manages this organization as its consultant (manageClientOrganizations on one of its clients). */
const managesAsConsultant = (actor: OrgActor, org: OrgRef) =>
  has(actor, 'manageClientOrganizations') && isClientOf(actor, org);

/**
 * May the actor see the organization at all? Its members see their own; a consultant's client managers see its
 * clients; product operations see every one. Anything else answers 404, as if it did not exist.
 */
export function canViewOrganization(actor: OrgActor, org: OrgRef): boolean {
  return isOwnOrganization(actor, org) || has(actor, 'manageAllOrganizations') || managesAsConsultant(actor, org);
}

/** General Settings (name, public sharing, logo): editOrganizationSettings at home, or as its consultant, or product operations. */
export function canEditOrganization(actor: OrgActor, org: OrgRef): boolean {
  return (
    has(actor, 'manageAllOrganizations') ||
    (isOwnOrganization(actor, org) && has(actor, 'editOrganizationSettings')) ||
    managesAsConsultant(actor, org)
  );
}

/**
 * Deactivate, reactivate or delete an organization: product operations any, a consultant its clients; never one's
 * own organization nor the product-operations organization (see `organizationLifecycleRefusal`).
 */
export function canAdministerOrganization(actor: OrgActor, org: OrgRef): boolean {
  return has(actor, 'manageAllOrganizations') || managesAsConsultant(actor, org);
}

/** Why the organization may not be deactivated or deleted by this actor, or null when it may. */
export function organizationLifecycleRefusal(actor: OrgActor, org: OrgRef): 'own' | 'productOperations' | null {
  if (isOwnOrganization(actor, org)) return 'own';
  if (org.productOperations) return 'productOperations';
  return null;
}

/** Type, consultant and plan are product operations' business only. */
export const canChangeOrganizationKind = (actor: OrgActor) => has(actor, 'manageAllOrganizations');

/** The organization's User Accounts tab: list, create, edit, delete its users. */
export function canManageUsersOf(actor: OrgActor, org: OrgRef): boolean {
  return (
    has(actor, 'manageAllOrganizations') ||
    (isOwnOrganization(actor, org) && has(actor, 'manageOrganizationUsers')) ||
    managesAsConsultant(actor, org)
  );
}

/**
 * The organization's Login History tab: viewOrganizationLogins at home; product operations anywhere; a consultant's
 * user who holds both viewOrganizationLogins and manageClientOrganizations for its clients.
 */
export function canViewLoginsOf(actor: OrgActor, org: OrgRef): boolean {
  return (
    has(actor, 'manageAllOrganizations') ||
    (has(actor, 'viewOrganizationLogins') && (isOwnOrganization(actor, org) || managesAsConsultant(actor, org)))
  );
}

/** The list of an organization's clients: product operations for any organization, a consultant's client managers for their own. */
export function canListClientsOf(actor: OrgActor, org: OrgRef): boolean {
  return (
    has(actor, 'manageAllOrganizations') || (isOwnOrganization(actor, org) && has(actor, 'manageClientOrganizations'))
  );
}

/**
 * Creating organizations: product operations create any kind; a client manager creates clients of their own
 * organization, which must then be a consultant organization.
 */
export function organizationCreation(actor: OrgActor, actorOrgType: OrganizationType): 'any' | 'clientOfOwn' | 'none' {
  if (has(actor, 'manageAllOrganizations')) return 'any';
  if (has(actor, 'manageClientOrganizations') && actorOrgType === 'consultant') return 'clientOfOwn';
  return 'none';
}

/**
 * Nobody grants a role they do not hold (issue 3). Nor do they take one away: in the role editor an
 * option the editor lacks is disabled, so its value stays what it was (`current`; nothing for a new user).
 */
export function rolesGrantable(editor: Partial<OrgRoles>, next: OrgRoles, current?: OrgRoles): boolean {
  // Nothing at the top level uses roles.ts: it re-exports this file, so this module may be evaluated first.
  return ORG_ROLE_KEYS.every((k) => editor[k] === true || next[k] === (current?.[k] ?? false));
}

/** The role editor: each option is enabled only if the editor holds it. */
export function roleOptionsEnabled(editor: Partial<OrgRoles>): Record<OrgRoleKey, boolean> {
  return Object.fromEntries(ORG_ROLE_KEYS.map((k) => [k, editor[k] === true])) as Record<OrgRoleKey, boolean>;
}

/** The root (Product Admin) choice is offered only to holders of manageAllOrganizations. */
export const rootPresetOffered = (editor: Partial<OrgRoles>) => editor.manageAllOrganizations === true;

/**
 * May the actor act on this user's account at all? Only if the user holds no role the actor lacks: otherwise a
 * lesser admin could delete a product administrator, or resend an unclaimed one's invitation and claim it.
 */
export function holdsEveryRoleOf(actor: Partial<OrgRoles>, target: OrgRoles): boolean {
  return ORG_ROLE_KEYS.every((k) => !target[k] || actor[k] === true);
}
