import { MODEL_RESULT_STORAGES, MODEL_RUN_STATUSES } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { projects, users } from '../../platform/tenancy.tables.ts';
import { algorithms } from '../packages/packages.tables.ts';

/**
 * Models: a function of a package (its algorithm) with typed inputs. `outputs` are the Model
 * Output datasets its runs write; `tempOutputs` those of an Update Source trial run. The algorithm may vanish
 * (a commit removed the function): the model stays, shown 'Source not found'.
 */
export const models = pgTable(
  'models',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    algorithmId: text('algorithm_id').references(() => algorithms.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    inputs: jsonb('inputs').$type<import('@tessera/shared').ModelInput[]>().notNull().default(sql`'[]'::jsonb`),
    outputs: jsonb('outputs').$type<import('@tessera/shared').ModelOutputRef[]>().notNull().default(sql`'[]'::jsonb`),
    tempOutputs: jsonb('temp_outputs')
      .$type<import('@tessera/shared').ModelOutputRef[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    resultStorage: text('result_storage', { enum: MODEL_RESULT_STORAGES }).notNull().default('all'),
    onboarded: boolean('onboarded').notNull().default(false),
    runButtonText: text('run_button_text').notNull().default('Run'),
    /**
     * The run whose outputs the model's cards show, for every viewer (docs/models.md, "Selected run"); null shows
     * the latest: the newest finished run. Deleting that run returns to latest.
     */
    selectedRunId: text('selected_run_id').references((): AnyPgColumn => modelRuns.id, { onDelete: 'set null' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    timeCreated: createdAt(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('models_project_idx').on(t.projectId, t.timeCreated), index('models_algorithm_idx').on(t.algorithmId)],
);

/** The runs of a model (docs/models.md), each one job of the jobs platform (`jobId`). */
export const modelRuns = pgTable(
  'model_runs',
  {
    id: text('id').primaryKey(),
    modelId: text('model_id')
      .notNull()
      .references(() => models.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    jobId: text('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    status: text('status', { enum: MODEL_RUN_STATUSES }).notNull().default('queued'),
    /** Why a failed run failed: error (the function raised), memory, timeout, interrupted, input. */
    failureKind: text('failure_kind'),
    inputs: jsonb('inputs').$type<import('@tessera/shared').RunInputValue[]>().notNull().default(sql`'[]'::jsonb`),
    outputs: jsonb('outputs').$type<import('@tessera/shared').ModelOutputRef[]>().notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    executionDatetime: timestamp('execution_datetime', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true, mode: 'date' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    favourite: boolean('favourite').notNull().default(false),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    /** An Update Source trial run: its outputs go to new datasets (the model's tempOutputs), not in the history. */
    temp: boolean('temp').notNull().default(false),
    /** The scheduled run (trigger) that made this run, kept after the trigger is deleted; null for a manual run. */
    triggerId: text('trigger_id'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('model_runs_model_idx').on(t.modelId, t.executionDatetime)],
);

/**
 * What a run printed (stdout and stderr, interleaved as they came), its last MODEL_RUN_LOG_BYTES only (`truncated`
 * says the start was cut); written while the run goes on, kept with the run.
 */
export const modelRunLogs = pgTable('model_run_logs', {
  runId: text('run_id')
    .primaryKey()
    .references(() => modelRuns.id, { onDelete: 'cascade' }),
  text: text('text').notNull().default(''),
  truncated: boolean('truncated').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
