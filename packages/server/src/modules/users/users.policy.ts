import type { OrganizationType, OrgRoles } from '@tessera/shared';

/** Who acts: the signed-in user. */
export interface Actor {
  id: string;
  organizationId: string;
  roles: Partial<OrgRoles>;
}

export interface TargetUser {
  id: string;
  organizationId: string;
}

export interface TargetOrganization {
  id: string;
  type: OrganizationType;
  consultantId: string | null;
}

/**
 * May `actor` change `target`'s account (logo, profile)? Oneself; a product-operations admin anyone; an
 * organization's user admin the users of that organization; a consultant's client admin the users of its
 * clients. Pure, so that the table test covers every case.
 */
export function canManageUser(actor: Actor, target: TargetUser, targetOrg: TargetOrganization): boolean {
  if (actor.id === target.id) return true;
  if (actor.roles.manageAllOrganizations) return true;
  if (actor.roles.manageOrganizationUsers && actor.organizationId === target.organizationId) return true;
  return (
    !!actor.roles.manageClientOrganizations &&
    targetOrg.id === target.organizationId &&
    targetOrg.type === 'client' &&
    targetOrg.consultantId === actor.organizationId
  );
}
