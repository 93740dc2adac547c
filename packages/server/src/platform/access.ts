import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { AuthUser } from './context.ts';
import { forbidden, HttpError, unauthorized } from './errors.ts';
import { sha256 } from './ids.ts';
import { checkProjectAccess, type FactReaders, type ResourceResolvers } from './projectAccess.ts';
import { accessTokens, organizations, users } from './tenancy.tables.ts';
import { checkTenantAccess } from './tenantAccess.ts';
import { type FoundToken, lookupToken } from './tokenCache.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/** The caller behind a token, or null when the token is unknown, expired, or its user or organization is inactive. */
export async function authenticate(app: FastifyInstance, token: string): Promise<AuthUser | null> {
  const tokenHash = sha256(token);
  return lookupToken(app.ctx.tokens, tokenHash, () => findActiveTokenUser(app.ctx.db, { tokenHash }));
}

/**
 * The one lookup behind every authentication: a live token of an active user in an active organization, found
 * by the token's hash (a request) or by its id (a socket re-checking the token it was admitted with).
 */
export async function findActiveTokenUser(
  db: Db,
  by: { tokenHash: string } | { tokenId: string },
): Promise<FoundToken | null> {
  const now = new Date().toISOString();
  const [row] =
    'tokenHash' in by
      ? await tokenByHash(db).execute({ key: by.tokenHash, now })
      : await tokenById(db).execute({ key: by.tokenId, now });
  if (!row) return null;
  const { tokenId, expiresAt, ...user } = row;
  return { tokenId, user, expiresAt };
}

/** The live token of an active user in an active organization whose `column` is the placeholder `key`. */
const activeTokenQuery = (column: typeof accessTokens.tokenHash | typeof accessTokens.id, name: string) =>
  preparedQuery((db) =>
    db
      .select({
        tokenId: accessTokens.id,
        expiresAt: accessTokens.expiresAt,
        id: users.id,
        organizationId: users.organizationId,
        email: users.email,
        first: users.first,
        last: users.last,
        roles: users.roles,
      })
      .from(accessTokens)
      .innerJoin(users, eq(users.id, accessTokens.userId))
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .where(
        and(
          eq(column, sql.placeholder('key')),
          gt(accessTokens.expiresAt, sql.placeholder('now')),
          eq(users.active, true),
          eq(organizations.active, true),
        ),
      )
      .prepare(name),
  );
const tokenByHash = activeTokenQuery(accessTokens.tokenHash, 'active_token_by_hash');
const tokenById = activeTokenQuery(accessTokens.id, 'active_token_by_id');

/** Every route registered on an app with its options, as the access test walks them (filled by an onRoute hook). */
const registries = new WeakMap<FastifyInstance, RouteOptions[]>();
export const registeredRoutes = (app: FastifyInstance): readonly RouteOptions[] => registries.get(app) ?? [];

/**
 * Access is denied by default: every route must carry an access rule in its config (a route without one
 * answers 403), and these hooks enforce it before any handler runs. The token and the public / login /
 * organization rules are checked on request, before the body is even read, so that an anonymous caller
 * learns nothing from validation errors and cannot make the server parse a large body; project rules need
 * the validated ids, so they are checked just before the handler, with `resolvers` (every module's, from app.ts).
 */
export function installAccessControl(
  app: FastifyInstance,
  resolvers: ResourceResolvers,
  facts: FactReaders = {},
): void {
  const routes: RouteOptions[] = [];
  registries.set(app, routes);
  // The options object itself: hooks of inner scopes (the web app's static files) may still set its access.
  app.addHook('onRoute', (options) => void routes.push(options));
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return; // the not-found handler: a JSON 404 or the public index.html
    const access = request.routeOptions.config.access;
    if (!access) throw new HttpError('forbidden', 'generic.noAccessRule');
    const token = bearerToken(request);
    request.auth = token ? await authenticate(app, token) : null;
    if (access.kind === 'public') return;
    if (!request.auth) throw unauthorized();
    if (access.kind === 'organization' && !request.auth.user.roles[access.role]) throw forbidden();
  });
  app.addHook('preHandler', async (request) => {
    const access = request.is404 ? undefined : request.routeOptions.config.access;
    // Project rules resolve the resource to its project and check the caller's role there.
    if (access?.kind === 'project') await checkProjectAccess(app.ctx, resolvers, request, access, facts);
    // Tenant rules find the organization or user account the action is about, then ask the shared vocabulary.
    if (access?.kind === 'tenant') await checkTenantAccess(app.ctx.db, request, access);
  });
}
