import { z } from 'zod';
import { pagesSchema } from '../datasets/entities.ts';
import { DATE_PRECISIONS, FEATURE_TYPES } from '../datasets/types.ts';
import { crossFilterSchema, MAX_CROSS_FILTERS, pointItemSchema } from './crossFilters.ts';
import { filterSchema } from './filters.ts';
import { orderByEntrySchema } from './visSchemas.ts';

/**
 * A card's data answer: `{data, series, features, pages, jobId, error}`.
 *
 * - chart: `data` is an array of rows keyed by series id (independent, dependent, group-by, other dimensions,
 *   gradient, tooltip series);
 * - kpi: `data` is one object keyed by KPI series id;
 * - table: `data` is one page of rows keyed by column id (`TABLE_PAGE_SIZE` a page), with `pages`.
 *
 * When the card cannot be computed from what it maps (a feature was deleted, an operation no longer fits a
 * changed type, more than `MAX_CARD_ROWS` rows...) the answer is still 200, with `data` empty and `error`
 * holding one of `UNIT_DATA_ERRORS`: the card shows the matching placeholder. A request that is
 * malformed (a vis or filter that does not parse) is a 400.
 */
export const UNIT_DATA_ERRORS = [
  'feature-deleted',
  'bad-operation',
  'bad-filter',
  'not-numeric',
  'too-much-data',
  'unknown-subtype',
  'not-mappable',
  'error',
] as const;
export type UnitDataErrorCode = (typeof UNIT_DATA_ERRORS)[number];

/** Over this many rows a card is not drawn and the rows are not sent. */
export const MAX_CARD_ROWS = 1_000_000;
/** Rows of a table card's page. */
export const TABLE_PAGE_SIZE = 100;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown())]);
export const dataRowSchema = z.record(z.string(), cell);
export type DataRow = z.infer<typeof dataRowSchema>;

/** How one series' values came out of the query: what the renderer and the number formats need. */
export const seriesMetaSchema = z.object({
  id: z.string(),
  /** The bucket it was mapped in (chart), 'kpi' or 'table'. */
  role: z.enum([
    'independent',
    'dependent',
    'otherDimensions',
    'gradientDimension',
    'groupBy',
    'tooltip',
    'kpi',
    'table',
  ]),
  /** The axis entry it belongs to in its bucket (charts), else 0. */
  axis: z.number().int(),
  featureId: z.string(),
  /** The stored operation ('' for none). */
  operation: z.string(),
  /**
   * What its values are: 'number', 'date' (ISO text), 'time', 'category', 'text', 'id', or for date parts
   * the part ('year-month'...), 'bin' for bins (the value is the bin's lower bound), 'list' for lists.
   */
  valueType: z.string(),
  /** For bins: the width of each bin. */
  binWidth: z.number().optional(),
  label: z.string(),
});
export type SeriesMeta = z.infer<typeof seriesMetaSchema>;

export const unitFeatureSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(FEATURE_TYPES),
  precision: z.enum(DATE_PRECISIONS).nullable(),
  dataset: z.object({ _id: z.string() }),
});
export type UnitFeature = z.infer<typeof unitFeatureSchema>;

/**
 * What exactly a card error comes from, where the code alone would mislead (issue #20 item 3: a chart mixing
 * datasets reported 'A feature on this card has changed types'). The card names it in its placeholder; `params`
 * fills the names in (`feature`, `operation`, `type`).
 */
export const CARD_ERROR_REASONS = [
  'operation-type',
  'needs-aggregation',
  'several-datasets',
  'boxplot-operation',
  'order-by',
  'kpi-one-value',
  'table-datasets',
  'table-duplicate',
  'bins',
] as const;
export type CardErrorReason = (typeof CARD_ERROR_REASONS)[number];

export const unitDataErrorSchema = z.object({
  code: z.enum(UNIT_DATA_ERRORS),
  message: z.string(),
  reason: z.enum(CARD_ERROR_REASONS).optional(),
  params: z.record(z.string(), z.string()).optional(),
});
export type UnitDataError = z.infer<typeof unitDataErrorSchema>;

export const unitDataSchema = z.object({
  data: z.union([z.array(dataRowSchema), dataRowSchema]),
  series: z.array(seriesMetaSchema),
  features: z.array(unitFeatureSchema),
  pages: pagesSchema.nullable(),
  /** The newest imported job the answer read (null when it read nothing): a new one means the data changed. */
  jobId: z.string().nullable(),
  error: unitDataErrorSchema.nullable(),
});
export type UnitData = z.infer<typeof unitDataSchema>;

/** The body of a data request: the active (valid) dashboard and tab filters, and a table's sort. */
export const unitDataBodySchema = z
  .object({
    /** When absent, the server applies the dashboard's and the tab's stored filters (tabId in the query). */
    filters: z.array(filterSchema).max(100).optional(),
    orderBy: z.array(orderByEntrySchema).max(10).optional(),
    /** Cross-filters from clicks on the tab's other cards (docs/cross-filters.md): on top of every filter. */
    crossFilters: z.array(crossFilterSchema).max(MAX_CROSS_FILTERS).optional(),
  })
  .strict();

/** The tab a card is shown on, and a page of its rows: the same in a card's data query and its rows' query. */
const tabIdField = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .optional();
const pageField = z.coerce.number().int().min(1).max(1_000_000).optional();

/** Rows of a "View rows" page at most. */
export const MAX_ROWS_PAGE = 1000;

/** The query of a card's rows (`getUnitRows`): the tab it is shown on, the page. */
export const unitRowsQuerySchema = z
  .object({
    tabId: tabIdField,
    page: pageField,
    limit: z.coerce.number().int().min(1).max(MAX_ROWS_PAGE).optional(),
  })
  .strict();

/**
 * The body of a card's rows: the filters in force as for its data, the cross-filters, and the clicked element
 * (`point`: the feature = value pairs of the element; `seriesId`: the clicked value's series, whose own filters
 * then apply). No point: every row behind the card.
 */
export const unitRowsBodySchema = z
  .object({
    filters: z.array(filterSchema).max(100).optional(),
    crossFilters: z.array(crossFilterSchema).max(MAX_CROSS_FILTERS).optional(),
    point: z.array(pointItemSchema).max(20).optional(),
    seriesId: z.string().min(1).max(100).optional(),
    orderBy: z.array(orderByEntrySchema).max(10).optional(),
  })
  .strict();
export type UnitRowsBody = z.infer<typeof unitRowsBodySchema>;

/** The rows behind a card or one of its elements: keyed by feature id, with the count of every matching row. */
export const unitRowsSchema = z.object({
  total: z.number().int(),
  rows: z.array(dataRowSchema),
  features: z.array(unitFeatureSchema),
});
export type UnitRows = z.infer<typeof unitRowsSchema>;

export const unitDataQuerySchema = z
  .object({
    tabId: tabIdField,
    page: pageField,
    /** A job id: read only that job's rows instead of each series' own choice. */
    jobId: z
      .string()
      .regex(/^[0-9a-f]{24}$/)
      .optional(),
    limit: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();
