import { z } from 'zod';
import { PREVIEW_TOKEN_PARAM } from '../dashboards/constants.ts';
import {
  customSubtypeSchema,
  descriptionField,
  unitNameField,
  unitSchema,
  unitTypeSchema,
} from '../dashboards/entities.ts';
import {
  unitDataBodySchema,
  unitDataQuerySchema,
  unitDataSchema,
  unitRowsBodySchema,
  unitRowsQuerySchema,
  unitRowsSchema,
} from '../dashboards/unitData.ts';
import { visSchema } from '../dashboards/vis.ts';
import { PUBLIC, projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { errorBody } from '../http/errors.ts';
import { id, idParams } from '../http/ids.ts';

/** Cards and their data. */

export const getUnit = endpoint({
  method: 'GET',
  path: '/api/v1/units/:id',
  access: projectRule({ area: 'dashboard', level: 'view' }, 'unit'),
  params: idParams,
  response: unitSchema,
});

/**
 * Saves a card: its name and description (card header, description box), its type (chooser), subtype (custom
 * cards only) and vis (mapping). The web sends "the unit without its data": fields outside this list (_id,
 * tabId, data...) are ignored, not refused.
 */
export const updateUnit = endpoint({
  method: 'PUT',
  path: '/api/v1/units/:id',
  access: projectRule({ area: 'dashboard', level: 'edit' }, 'unit'),
  params: idParams,
  /** With shouldGetData, the saved card's data is computed at once and merged into the answer (`data`). */
  query: z
    .object({
      tabId: id.optional(),
      shouldGetData: z.enum(['true', 'false']).optional(),
    })
    .strict(),
  body: z.object({
    name: unitNameField.optional(),
    description: descriptionField.optional(),
    type: unitTypeSchema.nullable().optional(),
    subtype: customSubtypeSchema.nullable().optional(),
    vis: visSchema.optional(),
  }),
  response: unitSchema.extend({ data: unitDataSchema.optional() }),
});

/**
 * A saved card's data: its vis compiled with the given (valid) dashboard and tab filters, the table's sort and
 * page. Without `filters` in the body, the dashboard's and the tab's (`tabId`) stored filters apply.
 */
export const getUnitData = endpoint({
  method: 'POST',
  path: '/api/v1/units/:id/data',
  access: projectRule({ area: 'dashboard', level: 'view' }, 'unit'),
  params: idParams,
  query: unitDataQuerySchema,
  body: unitDataBodySchema.nullish(),
  response: unitDataSchema,
});

/**
 * Temporary data for an unsaved vis (the mapping editor's live preview). `unitId` names the card being edited:
 * it decides the project (every feature must be of it) and needs dashboard edit, like the mapping screen.
 */
export const getTemporaryUnitData = endpoint({
  method: 'POST',
  path: '/api/v1/units/data',
  access: projectRule({ area: 'dashboard', level: 'edit' }, 'unit', 'query', 'unitId'),
  query: unitDataQuerySchema.extend({ unitId: id }),
  body: unitDataBodySchema.extend({
    type: unitTypeSchema,
    subtype: customSubtypeSchema.nullable().optional(),
    vis: visSchema,
  }),
  response: unitDataSchema,
});

/**
 * Download as CSV: the card's rows (all of a table's pages) with the stored filters of its dashboard and tab.
 * `data` holds the CSV text; the browser saves it as `{prefix}-{timestamp}.csv` (`fileName` suggests it).
 */
export const downloadUnit = endpoint({
  method: 'GET',
  path: '/api/v1/units/:id/download',
  access: projectRule({ area: 'dashboard', level: 'view' }, 'unit'),
  params: idParams,
  query: z.object({ tabId: id.optional(), jobId: id.optional() }).strict(),
  response: z.object({ data: z.string(), fileName: z.string() }),
});

/**
 * A card's data on a public page (or for the preview renderer with its one-time token): only cards of a
 * public dashboard; filters from the body are the visitor's own (never saved).
 */
export const getPublicUnitData = endpoint({
  method: 'POST',
  path: '/api/v1/public/dashboards/:id/units/:unitId/data',
  access: PUBLIC,
  params: z.object({ id, unitId: id }),
  query: unitDataQuerySchema.extend({ [PREVIEW_TOKEN_PARAM]: z.string().min(1).max(200).optional() }),
  body: unitDataBodySchema.nullish(),
  response: unitDataSchema,
});

/** Cards of one public dashboard asked for in one request at most (`getPublicUnitsData`). */
export const PUBLIC_CARDS_PER_REQUEST = 100;

/** One card's request in `getPublicUnitsData`: the card, and the query and body of its own data request. */
export const publicCardRequestSchema = z
  .object({ unitId: id, query: unitDataQuerySchema.optional(), body: unitDataBodySchema.nullish() })
  .strict();
export type PublicCardRequest = z.infer<typeof publicCardRequestSchema>;

/**
 * One line of `getPublicUnitsData`'s answer: the card at `index` of the request, with the answer its own
 * request (`getPublicUnitData`) would have had: its data, or its error with that error's status.
 */
export const publicCardAnswerSchema = z.union([
  z.object({ index: z.number().int().min(0), data: unitDataSchema }).strict(),
  z.object({ index: z.number().int().min(0), status: z.number().int(), ...errorBody.shape }).strict(),
]);
export type PublicCardAnswer = z.infer<typeof publicCardAnswerSchema>;

/**
 * The data of several cards of an open dashboard at once (a tab opening, a filter change): the requests of
 * `getPublicUnitData` for each, with one check of the dashboard. Answered as newline-delimited JSON
 * (`application/x-ndjson`), one `publicCardAnswerSchema` line per card as soon as it is computed, in the order
 * they are ready: a slow card holds back no other. A dashboard that does not open answers 404 as a whole; a
 * card that is not on it answers its own 404 line.
 */
export const getPublicUnitsData = endpoint({
  method: 'POST',
  path: '/api/v1/public/dashboards/:id/units/data',
  access: PUBLIC,
  params: z.object({ id }),
  query: z.object({ [PREVIEW_TOKEN_PARAM]: z.string().min(1).max(200).optional() }).strict(),
  body: z.object({ cards: z.array(publicCardRequestSchema).min(1).max(PUBLIC_CARDS_PER_REQUEST) }).strict(),
  response: publicCardAnswerSchema,
  raw: true,
});

/**
 * "View rows" (docs/cross-filters.md): the rows behind a card, or behind one of its elements (`point`), with every
 * filter in force (dashboard, tab, card, cross-filters), keyed by feature id, one page at a time, with their count.
 */
export const getUnitRows = endpoint({
  method: 'POST',
  path: '/api/v1/units/:id/rows',
  access: projectRule({ area: 'dashboard', level: 'view' }, 'unit'),
  params: idParams,
  query: unitRowsQuerySchema,
  body: unitRowsBodySchema.nullish(),
  response: unitRowsSchema,
});

/** The same rows, every page, as CSV text (`data`; the browser saves it as `fileName`). */
export const downloadUnitRows = endpoint({
  method: 'POST',
  path: '/api/v1/units/:id/rows/download',
  access: projectRule({ area: 'dashboard', level: 'view' }, 'unit'),
  params: idParams,
  query: unitRowsQuerySchema.pick({ tabId: true }),
  body: unitRowsBodySchema.nullish(),
  response: z.object({ data: z.string(), fileName: z.string() }),
});

/** "View rows" on a public dashboard: only published features are shown or may be named (another: 400). */
export const getPublicUnitRows = endpoint({
  method: 'POST',
  path: '/api/v1/public/dashboards/:id/units/:unitId/rows',
  access: PUBLIC,
  params: z.object({ id, unitId: id }),
  query: unitRowsQuerySchema.extend({ [PREVIEW_TOKEN_PARAM]: z.string().min(1).max(200).optional() }),
  body: unitRowsBodySchema.nullish(),
  response: unitRowsSchema,
});

export const downloadPublicUnitRows = endpoint({
  method: 'POST',
  path: '/api/v1/public/dashboards/:id/units/:unitId/rows/download',
  access: PUBLIC,
  params: z.object({ id, unitId: id }),
  query: unitRowsQuerySchema.pick({ tabId: true }).extend({
    [PREVIEW_TOKEN_PARAM]: z.string().min(1).max(200).optional(),
  }),
  body: unitRowsBodySchema.nullish(),
  response: z.object({ data: z.string(), fileName: z.string() }),
});
