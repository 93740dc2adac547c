import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { users } from '../../platform/tenancy.tables.ts';

/** Single-use password reset (and invitation) codes, stored hashed. */
export const resetCodes = pgTable(
  'reset_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose', { enum: ['recovery', 'invitation'] }).notNull(),
    timeCreated: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('reset_codes_hash_unique').on(t.codeHash), index('reset_codes_user_idx').on(t.userId)],
);

/** Every sign-in attempt, sign-out and single sign-on; also the brute-force counter. */
export const loginEvents = pgTable(
  'login_events',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['login', 'logout', 'login-attempt', 'login-microsoft'] }).notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: ['success', 'failure', 'deactivated', 'rate-limited', 'reset-required'] }).notNull(),
    userId: text('user_id'),
    organizationId: text('organization_id'),
    ip: text('ip').notNull(),
    timeCreated: createdAt(),
  },
  (t) => [
    index('login_events_user_idx').on(t.userId, t.timeCreated),
    index('login_events_org_idx').on(t.organizationId, t.timeCreated),
    index('login_events_email_idx').on(t.email, t.timeCreated),
    index('login_events_ip_idx').on(t.ip, t.timeCreated),
  ],
);
