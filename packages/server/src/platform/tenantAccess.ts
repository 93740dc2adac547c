import { type Access, can, type OrgRef, type ResourceOf, refusal } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { badRequest, forbidden, notFound } from './errors.ts';
import { organizations, users } from './tenancy.tables.ts';

type TenantAccess = Extract<Access, { kind: 'tenant' }>;

const ID = /^[0-9a-f]{24}$/;
const organizationNotFound = () => notFound('organization.notFound');
const userNotFound = () => notFound('user.notFound');

const orgRef = {
  id: organizations.id,
  type: organizations.type,
  consultantId: organizations.consultantId,
  productOperations: organizations.productOperations,
};

async function findOrganization(db: Db, id: string): Promise<OrgRef | undefined> {
  const [row] = await db.select(orgRef).from(organizations).where(eq(organizations.id, id));
  return row;
}

async function findAccount(db: Db, id: string) {
  const [row] = await db
    .select({ user: { id: users.id, organizationId: users.organizationId }, organization: orgRef })
    .from(users)
    .innerJoin(organizations, eq(organizations.id, users.organizationId))
    .where(eq(users.id, id));
  return row;
}

/**
 * Enforces a tenant rule (an action of the shared vocabulary on an organization or a user account found from
 * the request, on the caller's own organization, or on the caller alone): 404 for what the caller may not see,
 * 403 for an action refused on what they see (or 404 where the rule says so).
 */
export async function checkTenantAccess(db: Db, request: FastifyRequest, access: TenantAccess): Promise<void> {
  const auth = request.auth;
  if (!auth) throw forbidden();
  const actor = auth.user;
  type Resource = ResourceOf<typeof access.action>;
  const allowed = (resource: unknown) => can(actor, access.action, resource as Resource);
  /** A refusal: 404 where the rule hides the resource, else the spec's reason (400 or 403), else a plain 403. */
  const refuse = (resource: unknown, hidden: () => Error): never => {
    if (access.refuse === 'not-found') throw hidden();
    const why = refusal(actor, access.action, resource as Resource);
    if (!why) throw forbidden();
    const code = `organization.${why.reason}` as const;
    throw why.status === 'bad-request' ? badRequest(code) : forbidden(code);
  };
  const target = access.target;
  if (target.resource === 'none') {
    if (!allowed(null)) refuse(null, forbidden);
    return;
  }
  if (target.resource === 'ownOrganization') {
    const own = await findOrganization(db, actor.organizationId);
    if (!own) throw organizationNotFound();
    if (!allowed(own)) refuse(own, organizationNotFound);
    return;
  }
  const id = ((request[target.in] ?? {}) as Record<string, unknown>)[target.key];
  if (target.resource === 'organization') {
    const org = typeof id === 'string' && ID.test(id) ? await findOrganization(db, id) : undefined;
    if (!org || !can(actor, 'organization:view', org)) throw organizationNotFound();
    if (!allowed(org)) refuse(org, organizationNotFound);
    return;
  }
  const account = typeof id === 'string' && ID.test(id) ? await findAccount(db, id) : undefined;
  if (!account) throw userNotFound();
  if (!allowed(account)) refuse(account, userNotFound);
}
