import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { normalizeEmail, ROLE_PRESETS } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { newId } from './ids.ts';
import { organizations, users } from './tenancy.tables.ts';

export const ARGON2_OPTIONS = { algorithm: 2 /* argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/**
 * On an empty database: the product-operations organization and its root user, from ADMIN_EMAIL and
 * ADMIN_PASSWORD, or with a generated password printed once. Safe when several nodes start at once:
 * an advisory lock serialises them and only the first finds the database empty.
 */
export async function ensureRootUser(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const [existing] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing) return;
    const password = config.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const email = normalizeEmail(config.ADMIN_EMAIL);
    const organizationId = newId();
    await tx.insert(organizations).values({
      id: organizationId,
      name: 'Product Operations',
      type: 'independent',
      productOperations: true,
    });
    await tx.insert(users).values({
      id: newId(),
      organizationId,
      first: 'Admin',
      last: 'User',
      email,
      passwordHash: await hashPassword(password),
      roles: ROLE_PRESETS.root,
    });
    if (config.ADMIN_PASSWORD) {
      log.info({ email }, 'created the root user from ADMIN_EMAIL and ADMIN_PASSWORD');
    } else {
      // Printed once, on purpose, to the console and not to the JSON log.
      process.stdout.write(`\nRoot user created: ${email}\nPassword (shown once): ${password}\n\n`);
    }
  });
}
