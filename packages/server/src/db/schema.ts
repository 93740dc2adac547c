import { JOB_OWNER_TYPES, JOB_STATUSES, JOB_TYPES, type OrgRoles } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { bytea, createdAt } from './columns.ts';

/*
 * The metadata schema, one drizzle entry (drizzle.config.ts): the core tables here, each newer area's in a file of
 * its own re-exported below.
 */
export * from './schema.alerts.ts';
export * from './schema.dataAppHistory.ts';
export * from './schema.forms.ts';
export * from './schema.packages.ts';
export * from './schema.subscriptions.ts';
export * from './schema.triggers.ts';

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

/**
 * Counters of attempts by key (platform/rateLimit.ts): sign-in failures per (account, address), per address and
 * per account, password checks, error reports. One row a key, changed by one atomic statement, so that
 * concurrent attempts are all counted; `notBefore` spaces attempts out (slow down rather than lock).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStarted: timestamp('window_started', { withTimezone: true }).notNull().defaultNow(),
    notBefore: timestamp('not_before', { withTimezone: true }),
  },
  (t) => [index('rate_counters_window_idx').on(t.windowStarted)],
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

/**
 * Long work: one row per job, the product's view of it. The queue
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
    index('jobs_unfinished_idx').on(t.status).where(sql`${t.status} in ('queued', 'continue', 'active')`),
  ],
);

/**
 * Data apps: a dashboard or report holds its tab ids in order; a tab holds its card ids in order
 * and their grid layout; a card (unit) holds its vis. Orders live in the parent so that a reorder is one
 * write; the children point to their parent so that deletes cascade.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['Dashboard', 'Report'] }).notNull(),
    tabIds: jsonb('tab_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    colors: jsonb('colors').$type<import('@tessera/shared').DashboardColors>().notNull(),
    display: jsonb('display').$type<import('@tessera/shared').DashboardDisplay>().notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    previewStatus: text('preview_status', { enum: ['new', 'pending', 'ready', 'failed'] })
      .notNull()
      .default('new'),
    /** When the pending render was asked for (a render pending far longer than its timeout is asked again). */
    previewRequestedAt: timestamp('preview_requested_at', { withTimezone: true, mode: 'date' }),
    /** When the current image was taken: its url carries it so that a new image is not served from a cache. */
    previewRenderedAt: timestamp('preview_rendered_at', { withTimezone: true, mode: 'date' }),
    previewError: text('preview_error'),
    /**
     * Bumped by triggers (migration 0018) with any change to the dashboard, its tabs or its cards: what a server
     * keeps of its public page is valid while this and its project's data version stand (platform/pageAnswers.ts).
     */
    contentVersion: bigint('content_version', { mode: 'number' }).notNull().default(0),
    timeCreated: createdAt(),
  },
  (t) => [
    index('dashboards_project_idx').on(t.projectId, t.timeCreated),
    // The 'filter' access rule finds a saved filter's dashboard by its id (`filters @> '[{"_id": ...}]'`).
    index('dashboards_filters_idx').using('gin', t.filters.op('jsonb_path_ops')),
  ],
);

export const tabs = pgTable(
  'tabs',
  {
    id: text('id').primaryKey(),
    dashboardId: text('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unitIds: jsonb('unit_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    layout: jsonb('layout').$type<import('@tessera/shared').LayoutItem[]>().notNull().default(sql`'[]'::jsonb`),
    filters: jsonb('filters').$type<Record<string, unknown>[]>().notNull().default(sql`'[]'::jsonb`),
    timeCreated: createdAt(),
  },
  (t) => [
    index('tabs_dashboard_idx').on(t.dashboardId),
    index('tabs_filters_idx').using('gin', t.filters.op('jsonb_path_ops')),
  ],
);

export const units = pgTable(
  'units',
  {
    id: text('id').primaryKey(),
    tabId: text('tab_id')
      .notNull()
      .references(() => tabs.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['chart', 'kpi', 'table', 'custom'] }),
    subtype: text('subtype'),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    vis: jsonb('vis').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The datasets the vis draws on (visDatasetIds), kept with each write for the list's source count. */
    datasetIds: jsonb('dataset_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    timeCreated: createdAt(),
    timeUpdated: timestamp('time_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('units_tab_idx').on(t.tabId)],
);

/**
 * One-time tokens of the preview renderer: the headless browser presents one (`?previewToken=`) to read that
 * one dashboard through the public family while it renders; stored hashed, short-lived, deleted when the
 * render ends.
 */
export const dashboardPreviewTokens = pgTable(
  'dashboard_preview_tokens',
  {
    id: text('id').primaryKey(),
    dashboardId: text('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    timeCreated: createdAt(),
  },
  (t) => [uniqueIndex('dashboard_preview_tokens_hash_unique').on(t.tokenHash)],
);

/**
 * Datasets. The rows live in Parquet segments under
 * `DATA_DIR/datasets/{id}/`, one per job; this row holds the metadata. `columns` keeps the original file's
 * header names with their stable db names and dataset-wide physical types: an append must match those names,
 * whatever the features were renamed to since.
 */
export const datasets = pgTable(
  'datasets',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['file', 'joined', 'modelResult', 'formData'] }).notNull(),
    source: jsonb('source').$type<import('@tessera/shared').Dataset['source']>().notNull().default(sql`'{}'::jsonb`),
    columns: jsonb('columns')
      .$type<Array<{ name: string; dbName: string; physicalType: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    imported: boolean('imported').notNull().default(false),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    timeCreated: createdAt(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('datasets_project_idx').on(t.projectId)],
);

/**
 * What each job brings to its dataset (an upload, an append, or another module's output: a model run, form
 * responses): the segment `DATA_DIR/datasets/{datasetId}/{jobId}.parquet`. `state`: pending while the job runs;
 * imported once the segment is committed (only imported segments are ever read, in `importedAt` order);
 * deleted once its rows were removed.
 */
export const datasetJobs = pgTable(
  'dataset_jobs',
  {
    jobId: text('job_id')
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['upload', 'append', 'output'] }).notNull(),
    fileName: text('file_name').notNull(),
    bytes: bigint('bytes', { mode: 'number' }),
    rowCount: bigint('row_count', { mode: 'number' }),
    state: text('state', { enum: ['pending', 'imported', 'deleted'] })
      .notNull()
      .default('pending'),
    importedAt: timestamp('imported_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the segment's clustered copy (`{jobId}.clustered.parquet`, its rows ordered by the dataset's first
     * date feature) was written; null when it has none. Chart and KPI cards read the copy once this is set.
     */
    clusteredAt: timestamp('clustered_at', { withTimezone: true, mode: 'date' }),
    timeCreated: createdAt(),
  },
  (t) => [index('dataset_jobs_dataset_idx').on(t.datasetId, t.timeCreated)],
);

/**
 * Features, the columns of a dataset. `dbName` is the column in the segments and never changes;
 * name, hidden, description and type are metadata (a changed type is a cast at query time from `physicalType`).
 */
export const features = pgTable(
  'features',
  {
    id: text('id').primaryKey(),
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['id', 'number', 'date', 'time', 'category', 'text'] }).notNull(),
    detectedType: text('detected_type', { enum: ['id', 'number', 'date', 'time', 'category', 'text'] }).notNull(),
    precision: text('precision', { enum: ['year', 'month', 'day', 'hour', 'minute', 'second'] }),
    description: text('description').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    listIndex: integer('list_index').notNull(),
    dbName: text('db_name').notNull(),
    physicalType: text('physical_type').notNull(),
    stats: jsonb('stats')
      .$type<{ min: string | number | boolean | null; max: string | number | boolean | null; avg: number | null }>()
      .notNull(),
    preview: jsonb('preview').$type<Array<string | number | boolean | null>>().notNull(),
    /** The date format chosen for a text feature read as a date (DATE_FORMAT_CHOICES); null: the defaults. */
    dateFormat: text('date_format'),
    timeCreated: createdAt(),
  },
  (t) => [uniqueIndex('features_dataset_db_name_unique').on(t.datasetId, t.dbName)],
);

/** Folders of datasets; a name is unique in its project, whatever its case. */
export const collections = pgTable(
  'collections',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    timeCreated: createdAt(),
  },
  (t) => [uniqueIndex('collections_project_name_unique').on(t.projectId, sql`lower(${t.name})`)],
);

/** A dataset's folders (`dataset.collections`). */
export const datasetCollections = pgTable(
  'dataset_collections',
  {
    datasetId: text('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('dataset_collections_unique').on(t.datasetId, t.collectionId),
    index('dataset_collections_collection_idx').on(t.collectionId),
  ],
);
