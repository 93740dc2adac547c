import { type OrgRoles, ROLE_PRESETS } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { organizations, projects, users } from '../../platform/tenancy.tables.ts';
import { createOrganization, createUser } from '../../test/accounts.ts';
import { ROOT } from '../../test/harness.ts';
import { issueAccessToken } from '../auth/index.ts';

/**
 * Test set-up for the administration tests: the three kinds of administrator and their neighbours, straight into
 * the database (the API itself is what the tests exercise). Tokens are issued directly, which keeps argon2 out of
 * the big matrices.
 */

export const CONSULTANT_ADMIN: OrgRoles = { ...ROLE_PRESETS.organizationAdmin, manageClientOrganizations: true };

export interface Actor {
  id: string;
  organizationId: string;
  token: string;
}

export async function actor(db: Db, organizationId: string, roles: OrgRoles, first = 'Test'): Promise<Actor> {
  const user = await createUser(db, organizationId, { password: null, roles, first });
  return { id: user.id, organizationId, token: await issueAccessToken(db, user.id) };
}

/**
 * - the product-operations organization and its root user (created by the app on an empty database)
 * - a consultant organization with its admin (organization admin + manageClientOrganizations)
 * - a client of that consultant with its admin, a standard user and a view-only user
 * - an independent organization with its admin
 * - another consultant organization, unrelated to the others, with its admin
 */
export async function buildTenants(db: Db) {
  const [rootRow] = await db.select().from(users).where(eq(users.email, ROOT.email));
  const [ops] = await db.select().from(organizations).where(eq(organizations.id, rootRow.organizationId));
  const consultant = await createOrganization(db, { name: 'Consultant', type: 'consultant' });
  const client = await createOrganization(db, { name: 'Client', type: 'client', consultantId: consultant.id });
  const independent = await createOrganization(db, { name: 'Independent', type: 'independent' });
  const unrelated = await createOrganization(db, { name: 'Unrelated consultant', type: 'consultant' });
  const actors = {
    root: { id: rootRow.id, organizationId: ops.id, token: await issueAccessToken(db, rootRow.id) },
    consultantAdmin: await actor(db, consultant.id, CONSULTANT_ADMIN),
    clientAdmin: await actor(db, client.id, ROLE_PRESETS.organizationAdmin),
    independentAdmin: await actor(db, independent.id, ROLE_PRESETS.organizationAdmin),
    standard: await actor(db, client.id, ROLE_PRESETS.standard),
    viewOnly: await actor(db, client.id, ROLE_PRESETS.viewOnly),
    unrelatedAdmin: await actor(db, unrelated.id, CONSULTANT_ADMIN),
  };
  return { orgs: { ops, consultant, client, independent, unrelated }, actors };
}
export type Tenants = Awaited<ReturnType<typeof buildTenants>>;
export type ActorName = keyof Tenants['actors'];

/** A project of the organization (straight into the table: the projects API has its own tests). */
export async function addProject(db: Db, organizationId: string, isPublic = false): Promise<string> {
  const id = newId();
  await db.insert(projects).values({ id, organizationId, name: `Project ${id.slice(0, 6)}`, public: isPublic });
  return id;
}
