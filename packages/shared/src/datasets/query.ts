import { z } from 'zod';
import { id } from '../http/ids.ts';
import { DURATION_UNITS, FILTER_OPERATIONS } from './types.ts';

const scalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);
const bound = z.union([z.string().max(100), z.number()]);

/**
 * A filter on one feature, as the Data tab and the feature calls send it. Which operations and values fit
 * which feature type is checked on the server; a filter that does not fit answers 400.
 */
export const datasetFilterSchema = z
  .object({
    featureId: id,
    operation: z.enum(FILTER_OPERATIONS),
    value: scalar.optional(),
    values: z
      .array(z.union([z.string().max(1000), z.number()]))
      .max(1000)
      .optional(),
    from: bound.optional(),
    to: bound.optional(),
    duration: z.number().positive().max(100_000).optional(),
    unit: z.enum(DURATION_UNITS).optional(),
    dateItems: z
      .object({ part: z.enum(['dow', 'month', 'day']), values: z.array(z.number().int().min(0).max(31)).max(31) })
      .optional(),
  })
  .strict();
export type DatasetFilter = z.infer<typeof datasetFilterSchema>;

/** Row order: features in priority order, empty cells always last. */
export const datasetOrderSchema = z.object({ featureId: id, direction: z.enum(['ASC', 'DESC']) }).strict();
export type DatasetOrder = z.infer<typeof datasetOrderSchema>;

export const datasetQuerySchema = z
  .object({
    filters: z.array(datasetFilterSchema).max(50).default([]),
    orderBy: z.array(datasetOrderSchema).max(10).default([]),
  })
  .strict();
