import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects, users } from '../../platform/tenancy.tables.ts';

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
