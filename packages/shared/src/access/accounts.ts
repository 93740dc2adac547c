import { canManageUsersOf, isClientOf, type OrgActor, type OrgRef } from '../organizations/rules.ts';

/**
 * Rules on one user account. Pure: the server enforces them, the web shows what they allow.
 */

/** A user account together with its organization, as the account rules need it. */
export interface AccountRef {
  user: { id: string; organizationId: string };
  organization: Pick<OrgRef, 'id' | 'type' | 'consultantId'>;
}

/**
 * May the actor change this account's own things (logo, profile)? Oneself; product operations anyone; an
 * organization's user admin the users of that organization; a consultant's client admin the users of its clients.
 */
export function canEditAccount(actor: OrgActor, { user, organization }: AccountRef): boolean {
  if (actor.id === user.id) return true;
  if (actor.roles.manageAllOrganizations) return true;
  if (actor.roles.manageOrganizationUsers && actor.organizationId === user.organizationId) return true;
  return (
    actor.roles.manageClientOrganizations === true &&
    organization.id === user.organizationId &&
    isClientOf(actor, organization)
  );
}

/** May the actor administer this account (edit its roles, deactivate, delete, resend its invitation)? */
export const canAdministerAccount = (actor: OrgActor, { organization }: AccountRef): boolean =>
  canManageUsersOf(actor, organization);

/**
 * May the actor read this user's login history? One's own; an organization's login viewer that organization's
 * users; product operations anyone's.
 */
export function canViewAccountLog(actor: OrgActor, { user }: Pick<AccountRef, 'user'>): boolean {
  if (actor.id === user.id) return true;
  if (actor.roles.manageAllOrganizations) return true;
  return actor.roles.viewOrganizationLogins === true && actor.organizationId === user.organizationId;
}
