import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { JOB_OWNER_TYPES, JOB_STATUSES, JOB_TYPES, type OrgRoles } from '@tessera/shared';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const createdAt = () => timestamp('time_created', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['independent', 'consultant', 'client'] }).notNull(),
  consultantId: text('consultant_id'),
  active: boolean('active').notNull().default(true),
  publicSharing: boolean('public_sharing').notNull().default(true),
  /** The product-operations organization created on an empty database. */
  productOperations: boolean('product_operations').notNull().default(false),
  logo: bytea('logo'),
  plan: text('plan'),
  timeCreated: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    first: text('first').notNull(),
    last: text('last').notNull(),
    /** Always lower-cased. */
    email: text('email').notNull(),
    /** argon2id; null for an account that has never set one (unclaimed). */
    passwordHash: text('password_hash'),
    roles: jsonb('roles').$type<OrgRoles>().notNull(),
    active: boolean('active').notNull().default(true),
    needsReset: boolean('needs_reset').notNull().default(false),
    logo: bytea('logo'),
    popOvers: jsonb('pop_overs')
      .$type<{ mappingPopovers: boolean; datasetPopovers: boolean; modelPopovers: boolean }>()
      .notNull()
      .default(sql`'{"mappingPopovers":false,"datasetPopovers":false,"modelPopovers":false}'::jsonb`),
    timeCreated: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_organization_idx').on(t.organizationId)],
);

/** Opaque access tokens, stored as their SHA-256 so a leaked table grants nothing. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    timeCreated: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('access_tokens_hash_unique').on(t.tokenHash), index('access_tokens_user_idx').on(t.userId)],
);

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

/** Every sign-in attempt, sign-out and single sign-on (spec 1 §3 "Login log event"); also the brute-force counter. */
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

/** Identity-provider flows in progress: state -> PKCE verifier and nonce, valid a few minutes. */
export const oidcFlows = pgTable('oidc_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  loginHint: text('login_hint'),
  timeCreated: createdAt(),
});

/** Errors caught by the web app's error boundary (POST /api/v1/errors/ui). */
export const uiErrors = pgTable(
  'ui_errors',
  {
    id: text('id').primaryKey(),
    stack: text('stack').notNull(),
    path: text('path'),
    userId: text('user_id'),
    ip: text('ip').notNull(),
    timeCreated: createdAt(),
  },
  (t) => [index('ui_errors_ip_idx').on(t.ip, t.timeCreated)],
);

/** Small key/value facts about this installation (e.g. when the root user was created). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
});

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    public: boolean('public').notNull().default(false),
    timeCreated: createdAt(),
  },
  (t) => [index('projects_organization_idx').on(t.organizationId)],
);

/** Project membership: one row per user and project, with the per-area roles (spec 3 §3 Permission). */
export const permissions = pgTable(
  'permissions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    roles: jsonb('roles').$type<import('@tessera/shared').ProjectRoles>().notNull(),
    timeCreated: createdAt(),
  },
  (t) => [uniqueIndex('permissions_user_project_unique').on(t.userId, t.projectId), index('permissions_project_idx').on(t.projectId)],
);

/**
 * Long work (DESIGN §3 "Long work is a job"; spec 3 §3 Job): one row per job, the product's view of it. The queue
 * itself is pg-boss (schema `pgboss`), whose job id is derived from this id (platform/jobs/bossIds.ts).
 * `worker` and `heartbeatAt` say which server process holds an unfinished job and when it last said so: a job
 * whose process is gone is failed at start-up or by the periodic sweep (platform/jobs/recovery.ts).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: JOB_TYPES }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull(),
    ownerType: text('owner_type', { enum: JOB_OWNER_TYPES }).notNull(),
    ownerId: text('owner_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    progress: doublePrecision('progress'),
    message: text('message'),
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }),
    timeCreated: createdAt(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_project_idx').on(t.projectId, t.timeCreated),
    index('jobs_owner_idx').on(t.ownerType, t.ownerId, t.timeCreated),
    // The restart sweep reads the unfinished jobs only.
    index('jobs_unfinished_idx')
      .on(t.status)
      .where(sql`${t.status} in ('queued', 'continue', 'active')`),
  ],
);
