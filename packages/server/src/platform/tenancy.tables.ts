import type { OrgRoles } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from '../db/columns.ts';

/*
 * The tenants and who may reach them: organizations, their users and access tokens, projects and memberships. The
 * platform's access checks read them (access.ts, tenantAccess.ts, projectAccess.ts) and nearly every table refers
 * to them, so they sit below every module (docs/architecture.md "Tables").
 */

export const organizations = pgTable(
  'organizations',
  {
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
  },
  // Only a client names a consultant, and never itself (migration 0013).
  (t) => [
    check(
      'organizations_consultant_client_only',
      sql`${t.consultantId} IS NULL OR (${t.type} = 'client' AND ${t.consultantId} <> ${t.id})`,
    ),
  ],
);

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

export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    public: boolean('public').notNull().default(false),
    /**
     * Bumped by triggers (migration 0006) whenever a dataset, feature or dataset job of the project changes, and
     * (migration 0022) whenever what one of its models shows changes (selected run, inputs, name, outputs): what
     * the server caches about the project's data (card catalogs, public pages' answers) is valid while it stands.
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
    timeCreated: createdAt(),
  },
  (t) => [index('projects_organization_idx').on(t.organizationId)],
);

/** Project membership: one row per user and project, with the per-area roles. */
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
  (t) => [
    uniqueIndex('permissions_user_project_unique').on(t.userId, t.projectId),
    index('permissions_project_idx').on(t.projectId),
  ],
);
