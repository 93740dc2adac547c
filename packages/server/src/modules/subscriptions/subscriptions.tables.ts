import type { ExportFilters, SubscriptionFormat, SubscriptionRecipient, TriggerPattern } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, users } from '../../platform/tenancy.tables.ts';
import { dashboards } from '../dashboards/dashboards.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Email subscriptions to a data app (docs/data-apps.md "Subscriptions"). `nextRunAt` is the scheduler's cursor;
 * `unsubscribeKey` is the subscription's own secret that signs its unsubscribe links (a new one voids them all).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    dashboardId: text('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipients: jsonb('recipients').$type<SubscriptionRecipient[]>().notNull().default(sql`'[]'::jsonb`),
    pattern: jsonb('pattern').$type<TriggerPattern>().notNull(),
    tabs: jsonb('tabs').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    format: text('format').$type<SubscriptionFormat>().notNull(),
    filters: jsonb('filters').$type<ExportFilters>(),
    unsubscribeKey: text('unsubscribe_key').notNull(),
    nextRunAt: at('next_run_at'),
    lastSentAt: at('last_sent_at'),
    lastError: text('last_error'),
    timeCreated: at('time_created').notNull().defaultNow(),
    lastUpdated: at('last_updated').notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_due_idx').on(t.nextRunAt),
    index('subscriptions_dashboard_idx').on(t.dashboardId, t.timeCreated),
  ],
);

/**
 * One row per occurrence a subscription was sent for, unique on (subscription, scheduled time): the worker that
 * inserts it sends that occurrence, no other. `delivered` lists the addresses already sent to (a retry skips
 * them), `attempts` the tries so far, `error` the last failure.
 */
export const subscriptionSends = pgTable(
  'subscription_sends',
  {
    id: text('id').primaryKey(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    scheduledAt: at('scheduled_at').notNull(),
    claimedAt: at('claimed_at').notNull().defaultNow(),
    sentAt: at('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    delivered: jsonb('delivered').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    worker: text('worker'),
  },
  (t) => [uniqueIndex('subscription_sends_occurrence_idx').on(t.subscriptionId, t.scheduledAt)],
);
