import { type OrgRoles, ROLE_PRESETS } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../platform/bootstrap.ts';
import { newId } from '../platform/ids.ts';
import { organizations, users } from '../platform/tenancy.tables.ts';

/** Test set-up straight into the database: organizations and users without going through the admin API. */

export async function createOrganization(
  db: Db,
  values: Partial<typeof organizations.$inferInsert> = {},
): Promise<typeof organizations.$inferSelect> {
  const [row] = await db
    .insert(organizations)
    .values({ id: newId(), name: `Organization ${newId().slice(0, 6)}`, type: 'independent', ...values })
    .returning();
  return row;
}

export interface TestUser {
  id: string;
  organizationId: string;
  email: string;
  password: string;
}

export const DEFAULT_PASSWORD = 'Good-password-1';

/** A user with a password (DEFAULT_PASSWORD unless given; null for an unclaimed or single-sign-on account). */
export async function createUser(
  db: Db,
  organizationId: string,
  options: {
    email?: string;
    password?: string | null;
    roles?: OrgRoles;
    first?: string;
    last?: string;
    needsReset?: boolean;
    active?: boolean;
  } = {},
): Promise<TestUser> {
  const id = newId();
  const email = options.email ?? `user-${id}@example.com`;
  const password = options.password === undefined ? DEFAULT_PASSWORD : options.password;
  await db.insert(users).values({
    id,
    organizationId,
    email,
    first: options.first ?? 'Test',
    last: options.last ?? 'User',
    passwordHash: password === null ? null : await hashPassword(password),
    roles: options.roles ?? ROLE_PRESETS.standard,
    needsReset: options.needsReset ?? false,
    active: options.active ?? true,
  });
  return { id, organizationId, email, password: password ?? '' };
}

/**
 * Signs in through the API and returns the token. Each call comes from its own address unless one is given,
 * so that the per-address brute-force counter of one test does not spill into another.
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: remoteAddress ?? randomAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const token = res.json().accessToken;
  if (typeof token !== 'string') throw new Error(`sign-in of ${email} gave no token: ${res.body}`);
  return token;
}

/** An address in the TEST-NET-3 documentation range. */
export const randomAddress = () => `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
