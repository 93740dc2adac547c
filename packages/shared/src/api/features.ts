import { z } from 'zod';
import { DATE_FORMAT_CHOICES } from '../datasets/dateFormats.ts';
import { cellSchema, featureSchema } from '../datasets/entities.ts';
import { FEATURE_TYPES } from '../datasets/types.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';

/** Features, the columns of a dataset: view to read, dataset edit to change. */

export const FEATURE_NAME_MAX = 200;
export const FEATURE_DESCRIPTION_MAX = 2000;

const VIEW = { area: 'dataset', level: 'view' } as const;
const EDIT = { area: 'dataset', level: 'edit' } as const;
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** A dataset's features in column order. */
export const listDatasetFeatures = endpoint({
  method: 'GET',
  path: '/api/v1/datasets/:id/features',
  access: projectRule(VIEW, 'dataset'),
  params: idParams,
  response: z.array(featureSchema),
});

/** Every feature of a project's datasets (the project root loads them for the mapping and filters). */
export const listProjectFeatures = endpoint({
  method: 'GET',
  path: '/api/v1/features',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  response: z.array(featureSchema),
});

/**
 * Rename, hide or show, describe, or change the type. A type change rewrites nothing: the new type is a cast
 * applied when queried (values that do not fit read as empty), and the stats are recomputed for it.
 */
export const updateFeature = endpoint({
  method: 'PUT',
  path: '/api/v1/features/:id',
  access: projectRule(EDIT, 'feature'),
  params: idParams,
  body: z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'Required')
        .max(FEATURE_NAME_MAX, `At most ${FEATURE_NAME_MAX} characters`)
        .optional(),
      hidden: z.boolean().optional(),
      description: z
        .string()
        .trim()
        .max(FEATURE_DESCRIPTION_MAX, `At most ${FEATURE_DESCRIPTION_MAX} characters`)
        .optional(),
      type: z.enum(FEATURE_TYPES).optional(),
      /** The date format to read a text feature with as a date (null: the defaults). */
      dateFormat: z.enum(DATE_FORMAT_CHOICES).nullable().optional(),
    })
    .strict(),
  response: featureSchema,
});

/**
 * A feature's values: the first `limit` in row order (the preview), or with `unique` its distinct non-empty
 * values in ascending order. `castedType` reads them as another type (the type dialog's preview, nothing is
 * saved); `original` then holds the stored values beside them. `jobId` reads one job's rows.
 */
export const featureData = endpoint({
  method: 'GET',
  path: '/api/v1/features/:id/data',
  access: projectRule(VIEW, 'feature'),
  params: idParams,
  query: z.object({
    unique: flag.optional(),
    jobId: id.optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(10),
    castedType: z.enum(FEATURE_TYPES).optional(),
    /** With castedType date: read the text with this format first (the type dialog's choice). */
    dateFormat: z.enum(DATE_FORMAT_CHOICES).optional(),
  }),
  response: z.object({
    type: z.enum(FEATURE_TYPES),
    values: z.array(cellSchema),
    original: z.array(cellSchema).optional(),
    /** With castedType: what the cast leaves unread over the whole feature, and the date formats that read it. */
    report: z
      .object({
        total: z.number().int(),
        unread: z.number().int(),
        examples: z.array(z.string()),
        formats: z.array(z.object({ format: z.enum(DATE_FORMAT_CHOICES), reads: z.number().int() })),
      })
      .optional(),
  }),
});

/** Stats of the feature as its type reads it: min, max, mean (numbers), values, empty cells and distinct values. */
export const featureStats = endpoint({
  method: 'GET',
  path: '/api/v1/features/:id/stats',
  access: projectRule(VIEW, 'feature'),
  params: idParams,
  query: z.object({ jobId: id.optional() }),
  response: z.object({
    min: cellSchema,
    max: cellSchema,
    avg: z.number().nullable(),
    count: z.number().int(),
    nulls: z.number().int(),
    distinct: z.number().int(),
  }),
});

/** The feature's values with their row counts, most frequent first (filter menus). */
export const featureCategories = endpoint({
  method: 'GET',
  path: '/api/v1/features/:id/categories',
  access: projectRule(VIEW, 'feature'),
  params: idParams,
  query: z.object({ limit: z.coerce.number().int().min(1).max(10_000).default(1000), jobId: id.optional() }),
  response: z.array(z.object({ value: cellSchema, count: z.number().int() })),
});

/** Removes the feature from the dataset (its column stays in the stored files, unread). */
export const deleteFeature = endpoint({
  method: 'DELETE',
  path: '/api/v1/features/:id',
  access: projectRule(EDIT, 'feature'),
  params: idParams,
  response: ok,
});
