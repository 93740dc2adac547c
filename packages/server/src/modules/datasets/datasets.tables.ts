import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';
import { jobs } from '../../platform/jobs/jobs.tables.ts';
import { projects, users } from '../../platform/tenancy.tables.ts';
import { collections } from '../collections/collections.tables.ts';

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
