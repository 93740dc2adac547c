import type { Access } from '@tessera/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessTokens, organizations, users } from '../db/schema.ts';
import type { AuthUser } from './context.ts';
import { forbidden, HttpError, unauthorized } from './errors.ts';
import { sha256 } from './ids.ts';

/**
 * Checks a project-rule route (DESIGN §3): resolves the resource to its project and organization and checks
 * the caller's project role. Installed by the projects module; until then a project rule denies.
 */
export type ProjectAccessCheck = (request: FastifyRequest, access: Extract<Access, { kind: 'project' }>) => Promise<void>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/** The caller behind a token, or null when the token is unknown, expired, or its user or organization is inactive. */
export async function authenticate(app: FastifyInstance, token: string): Promise<AuthUser | null> {
  const [row] = await app.ctx.db
    .select({
      tokenId: accessTokens.id,
      id: users.id,
      organizationId: users.organizationId,
      email: users.email,
      first: users.first,
      last: users.last,
      roles: users.roles,
      active: users.active,
      orgActive: organizations.active,
    })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(eq(accessTokens.tokenHash, sha256(token)), gt(accessTokens.expiresAt, new Date())));
  if (!row || !row.active || !row.orgActive) return null;
  const { tokenId, active: _a, orgActive: _o, ...user } = row;
  return { tokenId, user };
}

/**
 * Access is denied by default: every route must carry an access rule in its config (a route without one
 * answers 403), and this one preHandler enforces it before any handler runs.
 */
export function installAccessControl(app: FastifyInstance, projectCheck: { current?: ProjectAccessCheck }): void {
  app.decorateRequest('auth', null);
  app.addHook('preHandler', async (request) => {
    if (request.is404) return; // the not-found handler: a JSON 404 or the public index.html
    const access = request.routeOptions.config.access;
    if (!access) throw new HttpError('forbidden', 'This route has no access rule');
    const token = bearerToken(request);
    request.auth = token ? await authenticate(app, token) : null;
    if (access.kind === 'public') return;
    if (!request.auth) throw unauthorized();
    if (access.kind === 'login') return;
    if (access.kind === 'organization') {
      if (!request.auth.user.roles[access.role]) throw forbidden();
      return;
    }
    if (!projectCheck.current) throw forbidden();
    await projectCheck.current(request, access);
  });
}
