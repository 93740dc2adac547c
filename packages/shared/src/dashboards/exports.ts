import { z } from 'zod';
import { id } from '../http/ids.ts';
import { CROSS_PARAM, crossFilterEntrySchema, MAX_CROSS_FILTERS } from './crossFilters.ts';
import { filterSchema } from './filters.ts';

/**
 * Exports of a data app (docs/data-apps.md "Export"): a PDF of its tabs, or a PNG of one tab or one card, made by
 * the server's Chromium from the export page of the web app, as a job. The page reads the export's settings from
 * its address: these names and the page's readiness attribute are shared by the server and the web.
 */
export const EXPORT_FORMATS = ['pdf', 'png'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_PAPERS = ['a4', 'letter'] as const;
export type ExportPaper = (typeof EXPORT_PAPERS)[number];
export const EXPORT_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type ExportOrientation = (typeof EXPORT_ORIENTATIONS)[number];

/** A table card prints at most this many rows; the file says so when it cuts. */
export const EXPORT_TABLE_ROW_LIMIT = 2_000;
/** A PNG is taken at this device scale. */
export const EXPORT_PNG_SCALE = 2;
/** The export page's width in CSS pixels when it is taken as a PNG. */
export const EXPORT_PNG_WIDTH = 1180;

/** The export page sets this attribute to "true" once every card it prints has drawn. */
export const EXPORT_READY_ATTRIBUTE = 'data-export-ready';
/** The query parameters of the export page (beside the preview token). */
export const EXPORT_PARAMS = {
  tabs: 'tabs',
  unit: 'unit',
  filters: 'filters',
  at: 'at',
  format: 'format',
  cross: CROSS_PARAM,
} as const;

/** The filters in force to print: the dashboard's and each tab's (by tab id); absent, the saved ones apply. */
export const exportFiltersSchema = z
  .object({
    dashboard: z.array(filterSchema).max(50).optional(),
    tabs: z.record(id, z.array(filterSchema).max(50)).optional(),
  })
  .strict();
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

export const exportRequestSchema = z
  .object({
    format: z.enum(EXPORT_FORMATS),
    /** The tabs to print, in the data app's order; absent, every tab. A PNG takes exactly one (or `unitId`). */
    tabs: z.array(id).min(1).max(100).optional(),
    /** A PNG of this card alone (its tab is found from it). */
    unitId: id.optional(),
    paper: z.enum(EXPORT_PAPERS).default('a4'),
    orientation: z.enum(EXPORT_ORIENTATIONS).default('portrait'),
    filters: exportFiltersSchema.optional(),
    /** The cross-filters in force on the page (its `?cross=`): printed, and applied as on the page. */
    crossFilters: z.array(crossFilterEntrySchema).max(MAX_CROSS_FILTERS).optional(),
  })
  .strict();
export type ExportRequest = z.input<typeof exportRequestSchema>;

/** Why an export request is refused (400), and what a failed export's job says. */
export const EXPORT_ERRORS = {
  pngOneTab: 'A PNG is of one tab or one card: give one tab in tabs, or a unitId.',
  pdfNoUnit: 'A PDF is of tabs, not of a card: leave out unitId.',
  unknownTab: 'A tab in tabs is not a tab of this data app.',
  unknownUnit: 'The card is not on this data app.',
  notReady: 'The export page did not finish drawing in time.',
  failed: 'The export could not be made.',
  noWebApp: 'This server does not serve the web app, so there is no page to print.',
  noChromium: 'Chromium is not installed on this server, so exports cannot be made.',
  stopped: 'The export was stopped.',
  notFound: 'Export not found',
  unknownCrossFilterCard: 'A cross-filter comes from a card that is not on this data app.',
} as const;

/** The export's filters in the page's address: base64url of their JSON. */
export function encodeExportFilters(filters: ExportFilters): string {
  const bytes = new TextEncoder().encode(JSON.stringify(filters));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The page's reading of `encodeExportFilters`; anything that does not parse is no filters (the saved ones). */
export function decodeExportFilters(text: string | null): ExportFilters | null {
  if (!text) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const parsed = exportFiltersSchema.safeParse(JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
