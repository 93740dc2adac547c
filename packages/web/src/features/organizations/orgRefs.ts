import type { OrgActor, Organization, OrgRef, User } from '@tessera/shared';

/** The signed-in user as the shared organization rules see them. */
export const actorOf = (user: User): OrgActor => ({
  id: user._id,
  organizationId: user.organizationId,
  roles: user.roles,
});

/** An organization as the shared organization rules see it. */
export const refOf = (organization: Organization): OrgRef => ({
  id: organization._id,
  type: organization.type,
  consultantId: organization.consultantId,
});
