import { z } from 'zod';
import { id } from '../http/ids.ts';
import { MODEL_RESULT_STORAGES } from '../models/constants.ts';
import { DATE_FORMAT_CHOICES } from './dateFormats.ts';
import { DATASET_TYPES, DATE_PRECISIONS, FEATURE_TYPES, JOIN_TYPES } from './types.ts';

/** A value in a row, a preview or a stat: JSON scalars (dates and times are ISO-like text). */
export const cellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type Cell = z.infer<typeof cellSchema>;

/**
 * How a joined dataset reads its two sources (`source.join[{_id, type, on[[col,col]]}]`): the first
 * step names the left dataset, the join type and the column pairs (feature ids, left then right); the second
 * names the right dataset.
 */
export const joinSourceSchema = z.tuple([
  z.object({
    _id: id,
    type: z.enum(JOIN_TYPES),
    on: z
      .array(z.tuple([id, id]))
      .min(1, 'Choose at least one pair of columns')
      .max(20),
  }),
  z.object({ _id: id }),
]);
export type JoinSource = z.infer<typeof joinSourceSchema>;

export const datasetSourceSchema = z.object({
  /** File datasets: the name of the first uploaded file and its size in bytes. */
  originalFileName: z.string().optional(),
  estSize: z.number().optional(),
  form: z.object({ id }).optional(),
  /** A Model Output: its model, and the model's result storage (all: a card's latest reads the newest run alone). */
  model: z.object({ id, resultStorage: z.enum(MODEL_RESULT_STORAGES).optional() }).optional(),
  from: z.object({ _id: id }).optional(),
  join: joinSourceSchema.optional(),
});

/** A dataset as lists show it; `rowCount` counts the rows of its imported jobs. */
export const datasetSchema = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  type: z.enum(DATASET_TYPES),
  projectId: id,
  collections: z.array(id),
  source: datasetSourceSchema,
  imported: z.boolean(),
  rowCount: z.number().int(),
  user: z.object({ id: id.nullable() }),
  timeCreated: z.string(),
  lastUpdated: z.string(),
});
export type Dataset = z.infer<typeof datasetSchema>;

export const featureStatsSchema = z.object({
  min: cellSchema,
  max: cellSchema,
  /** The mean, for number features. */
  avg: z.number().nullable(),
});

/** A feature (column) of a dataset. `db.name` is its stable column in the segments. */
export const featureSchema = z.object({
  _id: id,
  name: z.string(),
  type: z.enum(FEATURE_TYPES),
  /** The type detection found; `type` differs from it after the user changed it (a cast at query time). */
  detectedType: z.enum(FEATURE_TYPES),
  precision: z.enum(DATE_PRECISIONS).nullable(),
  description: z.string(),
  hidden: z.boolean(),
  dataset: z.object({ _id: id }),
  listIndex: z.number().int(),
  preview: z.array(cellSchema),
  stats: featureStatsSchema,
  /** The date format chosen for a text feature read as a date (tried first); null or absent: the defaults. */
  dateFormat: z.enum(DATE_FORMAT_CHOICES).nullable().optional(),
  db: z.object({ name: z.string(), type: z.string() }),
});
export type Feature = z.infer<typeof featureSchema>;

/** A dataset with its features (the dataset page). */
export const datasetDetailSchema = datasetSchema.extend({ features: z.array(featureSchema) });
export type DatasetDetail = z.infer<typeof datasetDetailSchema>;

/** A folder of datasets. */
export const collectionSchema = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  projectId: id,
  user: z.object({ id: id.nullable() }),
  timeCreated: z.string(),
});
export type Collection = z.infer<typeof collectionSchema>;

/** The `pages` of a data answer. `next` and `prev` are null at the ends. */
export const pagesSchema = z.object({
  current: z.number().int(),
  total: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  next: z.number().int().nullable(),
  prev: z.number().int().nullable(),
});
export type Pages = z.infer<typeof pagesSchema>;
