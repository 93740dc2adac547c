import { z } from 'zod';
import { featureSchema } from '../datasets/entities.ts';
import { id } from '../http/ids.ts';
import { colorSchemeNameSchema, hexColorSchema } from './colors.ts';
import { CUSTOM_SUBTYPES, DASHBOARD_LIMITS, DASHBOARD_TYPES, PREVIEW_STATUSES, UNIT_TYPES } from './constants.ts';
import { filterSchema } from './filters.ts';
import { layoutItemSchema } from './layout.ts';

/** The data app entities as the API presents them. */

/** Name fields of the app, tab and section modals are required. */
export const dashboardNameField = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(DASHBOARD_LIMITS.nameMax, `At most ${DASHBOARD_LIMITS.nameMax} characters`);
/** A card's name may be empty (a new card has none). */
export const unitNameField = z
  .string()
  .trim()
  .max(DASHBOARD_LIMITS.nameMax, `At most ${DASHBOARD_LIMITS.nameMax} characters`);
export const descriptionField = z
  .string()
  .max(DASHBOARD_LIMITS.descriptionMax, `At most ${DASHBOARD_LIMITS.descriptionMax} characters`);

export const dashboardTypeSchema = z.enum(DASHBOARD_TYPES);
export const unitTypeSchema = z.enum(UNIT_TYPES);
export const customSubtypeSchema = z.enum(CUSTOM_SUBTYPES);

export const dashboardHideSchema = z.object({
  hideCommandBar: z.boolean(),
  hideDashboardColors: z.boolean(),
  hideFilters: z.boolean(),
});
export const dashboardDisplaySchema = z.object({
  hide: dashboardHideSchema,
  /** Clicking a chart element filters the tab's other cards (docs/cross-filters.md); on unless false. */
  crossFilters: z.boolean().optional(),
});
export type DashboardDisplay = z.infer<typeof dashboardDisplaySchema>;

/** The dashboard's colour scale and its per-feature colours (feature id → hex colour). */
export const dashboardColorsSchema = z.object({
  colorScheme: colorSchemeNameSchema,
  features: z
    .record(id, hexColorSchema)
    .refine((m) => Object.keys(m).length <= DASHBOARD_LIMITS.featureColorsMax, 'Too many feature colours'),
});
export type DashboardColors = z.infer<typeof dashboardColorsSchema>;

/** A filter as stored on a dashboard or a tab (see filters.ts). */
export const storedFilterSchema = filterSchema;

export const previewStateSchema = z.object({
  /** The image's address (changes with every render), or null until one is ready. */
  url: z.string().nullable(),
  status: z.enum(PREVIEW_STATUSES),
});
export type PreviewState = z.infer<typeof previewStateSchema>;

export const dashboardSchema = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  type: dashboardTypeSchema,
  /** The tab (section) ids in their order. */
  tabs: z.array(id),
  colors: dashboardColorsSchema,
  filters: z.array(storedFilterSchema),
  display: dashboardDisplaySchema,
  timeCreated: z.string(),
  projectId: id,
  /** Who created it (null once that account is gone). */
  user: z.object({ _id: id, name: z.object({ first: z.string(), last: z.string() }) }).nullable(),
  /** How many distinct datasets its cards draw on. */
  sourcesCount: z.number().int().min(0),
  preview: previewStateSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** What a public (anonymous) page and the live channel see of a dashboard: nothing about people. */
export const publicDashboardSchema = dashboardSchema.omit({ user: true, preview: true });
export type PublicDashboard = z.infer<typeof publicDashboardSchema>;

/**
 * A dashboard as the live channel carries it: anonymous viewers of a public project hear these events too, so
 * it names nobody; members keep the `user` they loaded (it never changes).
 */
export const dashboardEventSchema = dashboardSchema.omit({ user: true });

export const tabSchema = z.object({
  _id: id,
  dashboardId: id,
  name: z.string(),
  description: z.string(),
  /** The card ids in their order (a report section draws its cards in this order). */
  units: z.array(id),
  layout: z.array(layoutItemSchema),
  filters: z.array(storedFilterSchema),
});
export type Tab = z.infer<typeof tabSchema>;

export const unitSchema = z.object({
  _id: id,
  tabId: id,
  dashboardId: id,
  /** Null until the user picks a type in the card's chooser. */
  type: unitTypeSchema.nullable(),
  /** Only custom cards have one. */
  subtype: customSubtypeSchema.nullable(),
  name: z.string(),
  description: z.string(),
  /** Checked on the way in (visSchema); answers do not re-measure it. */
  vis: z.record(z.string(), z.unknown()),
});
export type Unit = z.infer<typeof unitSchema>;

/** A dashboard with its tabs (in order) and all their cards: what the dashboard screen loads at once. */
export const dashboardDetailSchema = z.object({
  dashboard: dashboardSchema,
  tabs: z.array(tabSchema),
  units: z.array(unitSchema),
});
export type DashboardDetail = z.infer<typeof dashboardDetailSchema>;

/**
 * What a public page knows of a feature: enough to name a filter's feature, build its menu and add a filter on
 * it. Public visitors may not read the project's features (they need a session and the dataset view role).
 */
export const publicFeatureSchema = featureSchema.pick({
  _id: true,
  name: true,
  type: true,
  precision: true,
  dataset: true,
});
export type PublicFeature = z.infer<typeof publicFeatureSchema>;

export const publicDashboardDetailSchema = z.object({
  dashboard: publicDashboardSchema,
  tabs: z.array(tabSchema),
  units: z.array(unitSchema),
  /**
   * The features the saved filters (the dashboard's and its tabs') use and the cards map, of the dashboard's
   * project only: the filter chips' names, and what a visitor may filter on. The server always sends it; an
   * answer without it (an older server, a test fixture) reads as no feature.
   */
  features: z.array(publicFeatureSchema).default([]),
});
export type PublicDashboardDetail = z.infer<typeof publicDashboardDetailSchema>;
