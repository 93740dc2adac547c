import { canEditOrganization, canManageUsersOf, canViewLoginsOf, type OrgActor, type OrgRef } from '@tessera/shared';

/** The organization settings tabs, by path segment, in display order (spec 1 §2). */
export const ORG_TABS = ['general', 'users', 'projects', 'log'] as const;
export type OrgTab = (typeof ORG_TABS)[number];

/**
 * The Projects tab lists an organization's projects: its own project managers, product operations, and its
 * consultant's client managers. The same rule as the server's `canListProjectsOf`, so the tab never shows a 404.
 */
export function canListProjectsOf(actor: OrgActor, org: OrgRef): boolean {
  const own = org.id === actor.organizationId;
  const clientOfActor = org.type === 'client' && org.consultantId === actor.organizationId && !own;
  return (
    (own && actor.roles.manageOrganizationProjects === true) ||
    actor.roles.manageAllOrganizations === true ||
    (actor.roles.manageClientOrganizations === true && clientOfActor)
  );
}

const TAB_RULES: Record<OrgTab, (actor: OrgActor, org: OrgRef) => boolean> = {
  general: canEditOrganization,
  users: canManageUsersOf,
  projects: canListProjectsOf,
  log: canViewLoginsOf,
};

/**
 * The tabs the viewer sees on this organization's settings: each only with its role (spec 1 §2). The rules are
 * the shared ones the server enforces on the calls behind each tab.
 */
export function organizationTabs(actor: OrgActor, org: OrgRef): OrgTab[] {
  return ORG_TABS.filter((tab) => TAB_RULES[tab](actor, org));
}
