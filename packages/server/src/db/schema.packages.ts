import { MODEL_RESULT_STORAGES, MODEL_RUN_STATUSES, PACKAGE_STATUSES } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { jobs, projects, users } from './schema.ts';

/* Packages, their functions (algorithms), models and their runs: the Python side of a project. */

/**
 * Source-code packages. Each committed revision is an immutable folder
 * `DATA_DIR/packages/{id}/{revision}/`; `revision` is the current one (0 until the first zip is unpacked). Edits
 * go to the working copy `DATA_DIR/packages/{id}/work/` until a commit. `env_key` names the built environment.
 */
export const packages = pgTable(
  'packages',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    filename: text('filename').notNull(),
    status: text('status', { enum: PACKAGE_STATUSES }).notNull().default('uploading'),
    errorLog: text('error_log').notNull().default(''),
    baseImage: text('base_image').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    revision: integer('revision').notNull().default(0),
    env: text('env').notNull().default(''),
    dependencies: text('dependencies').notNull().default(''),
    dashApps: jsonb('dash_apps')
      .$type<Array<{ name: string; module: string; variable: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    envKey: text('env_key'),
    timeCreated: createdAt(),
    lastUpdated: timestamp('last_updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('packages_project_idx').on(t.projectId, t.timeCreated)],
);

/** The immutable revisions of a package: what requirements each was built with. */
export const packageRevisions = pgTable(
  'package_revisions',
  {
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    requirementsHash: text('requirements_hash').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    timeCreated: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.revision] })],
);

/** The Python modules discovery found in a package's current revision (`error` when it could not read one). */
export const packageModules = pgTable(
  'package_modules',
  {
    id: text('id').primaryKey(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    error: text('error'),
    listIndex: integer('list_index').notNull(),
  },
  (t) => [index('package_modules_package_idx').on(t.packageId)],
);

/**
 * The functions of a package that models run. An algorithm keeps its id across commits
 * while its module file and function name stay the same (models reference it).
 */
export const algorithms = pgTable(
  'algorithms',
  {
    id: text('id').primaryKey(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    moduleId: text('module_id')
      .notNull()
      .references(() => packageModules.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    functionName: text('function_name').notNull(),
    params: jsonb('params').$type<import('@tessera/shared').AlgorithmParam[]>().notNull().default(sql`'[]'::jsonb`),
    returns: text('returns'),
    doc: text('doc').notNull().default(''),
    listIndex: integer('list_index').notNull(),
  },
  (t) => [index('algorithms_package_idx').on(t.packageId), index('algorithms_project_idx').on(t.projectId)],
);

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
