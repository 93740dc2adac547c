import { can, type OrgActor, type OrgRef } from '@tessera/shared';

/** The organization settings tabs, by path segment, in display order. */
export const ORG_TABS = ['general', 'users', 'projects', 'log'] as const;
export type OrgTab = (typeof ORG_TABS)[number];

/** The action of the shared vocabulary behind each tab: the one the server's routes behind the tab declare. */
const TAB_ACTIONS = {
  general: 'organization:edit',
  users: 'organization:manageUsers',
  projects: 'organization:listProjects',
  log: 'organization:viewLogins',
} as const satisfies Record<OrgTab, string>;

/**
 * The tabs the viewer sees on this organization's settings: each only with its role. The rules are
 * the shared ones the server enforces on the calls behind each tab.
 */
export function organizationTabs(actor: OrgActor, org: OrgRef): OrgTab[] {
  return ORG_TABS.filter((tab) => can(actor, TAB_ACTIONS[tab], org));
}
