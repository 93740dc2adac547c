import { areaAt, meetsRequirement } from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import { findActiveTokenUser } from '../../../platform/access.ts';
import { effectiveProjectRoles } from '../../../platform/projectAccess.ts';

/** What opening a Dash app asks of a member: the route's own rule (api.startDashApp). */
const PACKAGE_VIEW = areaAt('package', 'view');

/**
 * Whether a Dash session may still be used: the sign-in that asked for it is live (not signed out or expired, its
 * user and organization active) and that user still has package view on the package's project (a member, or an
 * organization project manager). Asked on every request the Dash server proxies (docs/security.md), like the live
 * channel re-checks its sockets: two indexed reads, exact on every node at once, where a cache or a session
 * version would need every path that removes, demotes or deactivates to tell it, on every process.
 */
export async function dashSessionAllowed(
  db: Db,
  session: { tokenId: string; userId: string },
  projectId: string,
): Promise<boolean> {
  if (!session.tokenId) return false;
  const found = await findActiveTokenUser(db, { tokenId: session.tokenId });
  if (!found || found.user.id !== session.userId) return false;
  const project = await effectiveProjectRoles(db, found.user, projectId);
  return !!project && meetsRequirement(project.roles, PACKAGE_VIEW);
}
