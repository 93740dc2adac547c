import { TRIGGER_STATUSES, type TriggerPattern } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { projects, users } from '../../platform/tenancy.tables.ts';
import { models } from '../models/models.tables.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Scheduled model runs. `nextRunAt` is the scheduler's cursor: the next occurrence. */
export const triggers = pgTable(
  'triggers',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    modelId: text('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: TRIGGER_STATUSES }).notNull().default('active'),
    inputs: jsonb('inputs').$type<Array<{ varName: string; value?: unknown }>>().notNull().default(sql`'[]'::jsonb`),
    pattern: jsonb('pattern').$type<TriggerPattern>().notNull(),
    nextRunAt: at('next_run_at'),
    lastRunAt: at('last_run_at'),
    timeCreated: at('time_created').notNull().defaultNow(),
    lastUpdated: at('last_updated').notNull().defaultNow(),
  },
  (t) => [
    index('triggers_due_idx').on(t.status, t.nextRunAt),
    index('triggers_model_idx').on(t.modelId),
    index('triggers_project_idx').on(t.projectId, t.timeCreated),
  ],
);

/**
 * One row per occurrence a trigger fired for, unique on (trigger, scheduled time): written in the same transaction
 * as the run's job, so that an occurrence is run once whatever the number of workers. `missed` counts the older
 * occurrences this fire stands for (the server was down over them); `error` says why no run was queued.
 */
export const triggerFires = pgTable(
  'trigger_fires',
  {
    id: text('id').primaryKey(),
    triggerId: text('trigger_id')
      .notNull()
      .references(() => triggers.id, { onDelete: 'cascade' }),
    scheduledAt: at('scheduled_at').notNull(),
    firedAt: at('fired_at').notNull().defaultNow(),
    runId: text('run_id'),
    missed: integer('missed').notNull().default(0),
    error: text('error'),
    worker: text('worker'),
  },
  (t) => [uniqueIndex('trigger_fires_occurrence_idx').on(t.triggerId, t.scheduledAt)],
);
