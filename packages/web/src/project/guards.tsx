import { type AreaLevel, meetsLevel, type OrgRoleKey, type OrgRoles, type ProjectArea } from '@tessera/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { useMe } from '../api/session.ts';
import { NotFound } from '../ui/NotFound.tsx';
import type { ProjectPermissionLike } from './projectAccess.ts';

/**
 * The two guards, each a pure decision (tested on its own) and a component applying it.
 * Both render nothing while what they decide on is still loading, so a page never flashes before its check.
 */

export type RoleGuardOutcome = 'wait' | 'allow' | 'notFound';

/** The global role guard's decision: without a role only the signed-in user is needed. */
export function roleGuardOutcome(user: { roles: OrgRoles } | undefined, role?: OrgRoleKey): RoleGuardOutcome {
  if (!user) return 'wait';
  if (role && !user.roles[role]) return 'notFound';
  return 'allow';
}

/** Shows its children (or the nested routes) when the signed-in user holds `requires`, else the 404 page. */
export function RoleGuard({ requires, children }: { requires?: OrgRoleKey; children?: ReactNode }) {
  const me = useMe();
  const outcome = roleGuardOutcome(me.data, requires);
  if (outcome === 'wait') return null;
  if (outcome === 'notFound') return <NotFound />;
  return <>{children ?? <Outlet />}</>;
}

export type ProjectGuardOutcome = { kind: 'wait' } | { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * The project permission guard's decision: `permission` is undefined while it loads. An unmet role sends the
 * user to the project's root (which opens the first area they may see), or to the project list without an id.
 */
export function projectGuardOutcome(
  permission: ProjectPermissionLike | undefined,
  area: ProjectArea,
  level: AreaLevel,
  projectId?: string,
): ProjectGuardOutcome {
  if (!permission) return { kind: 'wait' };
  if (meetsLevel(permission.roles[area], level)) return { kind: 'allow' };
  return { kind: 'redirect', to: projectId ? `/projects/${projectId}` : '/projects/' };
}

interface ProjectGuardProps {
  area: ProjectArea;
  level: AreaLevel;
  /** The signed-in user's permission in this project; undefined while loading. */
  permission: ProjectPermissionLike | undefined;
  /** Defaults to the route's :projectId. */
  projectId?: string;
  children?: ReactNode;
}

export function ProjectGuard({ area, level, permission, projectId, children }: ProjectGuardProps) {
  const params = useParams();
  const outcome = projectGuardOutcome(permission, area, level, projectId ?? params.projectId);
  if (outcome.kind === 'wait') return null;
  if (outcome.kind === 'redirect') return <Navigate to={outcome.to} replace />;
  return <>{children ?? <Outlet />}</>;
}
