import { PACKAGE_STATUSES } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { projects, users } from '../../platform/tenancy.tables.ts';

/* Packages and their functions (algorithms): the Python side of a project (models and runs: models/models.tables.ts). */

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
