import { z } from 'zod';
import { colorSchemeNameSchema, hexColorSchema } from '../dashboards/colors.ts';
import { PREVIEW_TOKEN_PARAM } from '../dashboards/constants.ts';
import {
  dashboardDetailSchema,
  dashboardNameField,
  dashboardSchema,
  dashboardTypeSchema,
  descriptionField,
  previewStateSchema,
  publicDashboardDetailSchema,
  publicFeatureSchema,
  tabSchema,
  unitSchema,
} from '../dashboards/entities.ts';
import { cellSchema } from '../datasets/entities.ts';
import { PUBLIC, projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';

/**
 * Data apps: dashboards and reports, their tabs (sections), preview images, and the
 * public read-only family. Viewing needs the dashboard view role, every change dashboard edit.
 */
const view = { area: 'dashboard', level: 'view' } as const;
const edit = { area: 'dashboard', level: 'edit' } as const;

export const listDashboards = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards',
  access: projectRule(view, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  /** Newest first. */
  response: z.array(dashboardSchema),
});

/** Create Data App: App Name (required), Description, layout Dashboard or Report. It starts with one tab. */
export const createDashboard = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards',
  access: projectRule(edit, 'project', 'body', 'projectId'),
  body: z
    .object({
      projectId: id,
      name: dashboardNameField,
      description: descriptionField.default(''),
      type: dashboardTypeSchema.default('Dashboard'),
      /** The first tab's (section's) name, in the creator's language; default 'Tab 1' or 'Section 1'. */
      tabName: dashboardNameField.optional(),
    })
    .strict(),
  response: dashboardSchema,
});

/** The dashboard with its tabs in order and all their cards. */
export const getDashboard = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id',
  access: projectRule(view, 'dashboard'),
  params: idParams,
  response: dashboardDetailSchema,
});

/**
 * Data App Settings (name, description, display flags), the colour menu (colors), and tab reorder: `tabs`
 * must be exactly the current tab ids in a new order (else 400). `display.hide` and `colors` may be partial.
 */
export const updateDashboard = endpoint({
  method: 'PUT',
  path: '/api/v1/dashboards/:id',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  body: z
    .object({
      name: dashboardNameField.optional(),
      description: descriptionField.optional(),
      display: z
        .object({
          hide: z
            .object({
              hideCommandBar: z.boolean().optional(),
              hideDashboardColors: z.boolean().optional(),
              hideFilters: z.boolean().optional(),
            })
            .strict()
            .optional(),
          crossFilters: z.boolean().optional(),
        })
        .strict()
        .optional(),
      colors: z
        .object({
          colorScheme: colorSchemeNameSchema.optional(),
          /** A patch: each given feature's colour is set, null removes it, features not given keep theirs. */
          features: z.record(id, hexColorSchema.nullable()).optional(),
        })
        .strict()
        .optional(),
      tabs: z.array(id).max(1_000).optional(),
    })
    .strict(),
  response: dashboardSchema,
});

export const deleteDashboard = endpoint({
  method: 'DELETE',
  path: '/api/v1/dashboards/:id',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  response: ok,
});

/** Duplicate Dashboard: a deep copy (tabs and cards get new ids, layouts follow) in the same project. */
export const duplicateDashboard = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/duplicate',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  /** Default name: the original's followed by ' (copy)', ' (copie)' when the request asks for French. */
  body: z.object({ name: dashboardNameField.optional() }).strict().nullish(),
  response: dashboardSchema,
});

const tabParams = z.object({ id, tabId: id });

/** Adds a tab (section) at the end. */
export const createTab = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/tabs',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  body: z.object({ name: dashboardNameField, description: descriptionField.default('') }).strict(),
  response: z.object({ dashboard: dashboardSchema, tab: tabSchema }),
});

/** Duplicate Tab: the copy (with copies of its cards) goes right after the original. */
export const duplicateTab = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/tabs/:tabId/duplicate',
  access: projectRule(edit, 'dashboard'),
  params: tabParams,
  /** Default name: the original's followed by ' (copy)', ' (copie)' when the request asks for French. */
  body: z.object({ name: dashboardNameField.optional() }).strict().nullish(),
  response: z.object({ dashboard: dashboardSchema, tab: tabSchema, units: z.array(unitSchema) }),
});

/** Delete Tab, with its cards. */
export const deleteTab = endpoint({
  method: 'DELETE',
  path: '/api/v1/dashboards/:id/tabs/:tabId',
  access: projectRule(edit, 'dashboard'),
  params: tabParams,
  response: z.object({ dashboard: dashboardSchema }),
});

/**
 * The list card's image: `url` is set as soon as an image exists (a re-render keeps showing the last one) and
 * changes with each render; `status` says whether a render is pending, ready or failed. Asking for the image of a
 * dashboard that never had one (or whose render was lost) starts a render. The list asks again every 5 s while
 * `url` is null and `status` is pending; a failed render stays failed until Update Dashboard Preview. Each change
 * also arrives as `dashboard:updated` on the live channel.
 */
export const getDashboardPreview = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/preview',
  access: projectRule(view, 'dashboard'),
  params: idParams,
  response: previewStateSchema,
});

/** Update Dashboard Preview: renders the image again (a job; answers at once with status pending). */
export const updateDashboardPreview = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/preview',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  response: previewStateSchema,
});

/** The PNG itself (the preview's `url`), for those who may view the dashboard; 404 until one is ready. */
export const getDashboardPreviewImage = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/preview.png',
  access: projectRule(view, 'dashboard'),
  params: idParams,
  query: z.object({ v: z.string().max(40).optional() }),
  response: z.unknown(),
  raw: true,
});

/**
 * The features the dashboard uses (those its saved filters use, then those its cards map; the same list as its
 * public `features`): names and types, for whoever may read the dashboard, also without the dataset role (a
 * filter chip names its feature). Features of other projects are never listed.
 */
export const listDashboardFeatures = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/features',
  access: projectRule(view, 'dashboard'),
  params: idParams,
  response: z.array(publicFeatureSchema),
});

/** A used feature's values with their row counts (the filter menu of a reader without the dataset role). */
export const getDashboardFeatureCategories = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/features/:featureId/categories',
  access: projectRule(view, 'dashboard'),
  params: z.object({ id, featureId: id }),
  query: z.object({ limit: z.coerce.number().int().min(1).max(10_000).default(1000) }),
  response: z.array(z.object({ value: cellSchema, count: z.number().int() })),
});

/**
 * The public family: answered without login only for a dashboard of a public project of an active
 * organization that shares publicly, or to the preview renderer presenting its one-time token for that very
 * dashboard (`?previewToken=`). Anything else is 404.
 */
const publicQuery = z.object({ [PREVIEW_TOKEN_PARAM]: z.string().min(1).max(200).optional() });

export const getPublicDashboard = endpoint({
  method: 'GET',
  path: '/api/v1/public/dashboards/:id',
  access: PUBLIC,
  params: idParams,
  query: publicQuery,
  response: publicDashboardDetailSchema,
});

/**
 * A feature's values with their row counts, most frequent first (a visitor's category filter menu), like
 * `featureCategories`: behind the same gate as the dashboard, and only for a feature of its public `features`.
 */
export const getPublicFeatureCategories = endpoint({
  method: 'GET',
  path: '/api/v1/public/dashboards/:id/features/:featureId/categories',
  access: PUBLIC,
  params: z.object({ id, featureId: id }),
  query: publicQuery.extend({ limit: z.coerce.number().int().min(1).max(10_000).default(1000) }),
  response: z.array(z.object({ value: cellSchema, count: z.number().int() })),
});

export const getPublicDashboardPreviewImage = endpoint({
  method: 'GET',
  path: '/api/v1/public/dashboards/:id/preview.png',
  access: PUBLIC,
  params: idParams,
  query: z.object({ v: z.string().max(40).optional() }),
  response: z.unknown(),
  raw: true,
});
