import { z } from 'zod';
import { CHANGE_KINDS } from '../dashboards/changeKinds.ts';
import { dashboardDetailSchema } from '../dashboards/entities.ts';
import { unitDataBodySchema, unitDataQuerySchema, unitDataSchema } from '../dashboards/unitData.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams } from '../http/ids.ts';

/**
 * A data app's history (docs/data-apps.md "History"): its versions, the app as one version left it, restoring
 * one, and undo / redo of one's own steps while editing. Reading needs dashboard view, changing dashboard edit.
 * Undo and redo act on the editing session named by the `x-tessera-edit-session` header.
 */
const view = { area: 'dashboard', level: 'view' } as const;
const edit = { area: 'dashboard', level: 'edit' } as const;

export const EDIT_SESSION_HEADER = 'x-tessera-edit-session';
export const editSessionSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

const personSchema = z.object({ _id: id, name: z.object({ first: z.string(), last: z.string() }) });

export const stateOpSchema = z.object({
  path: z.array(z.string()),
  before: z.unknown().optional(),
  after: z.unknown().optional(),
});

export const dashboardVersionSchema = z.object({
  _id: id,
  number: z.number().int().min(1),
  /** Who made it (null once that account is gone). */
  user: personSchema.nullable(),
  /** When its last change was saved. */
  time: z.string(),
  kind: z.enum(CHANGE_KINDS),
  /** In words, in the reader's language. */
  summary: z.string(),
  /** What changed, path by path (a version folding several steps: each path's first before and last after). */
  changes: z.array(stateOpSchema),
});
export type DashboardVersion = z.infer<typeof dashboardVersionSchema>;

export const HISTORY_PAGE_SIZE = 50;

export const listDashboardVersions = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/versions',
  access: projectRule(view, 'dashboard'),
  params: idParams,
  query: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1), user: id.optional() }),
  /** Newest first, HISTORY_PAGE_SIZE a page; `people`: everyone who made a version (the filter by person). */
  response: z.object({
    versions: z.array(dashboardVersionSchema),
    total: z.number().int(),
    people: z.array(personSchema),
  }),
});

/** What differs between a version's app and today's, object by object (the history's preview). */
export const versionDifferenceSchema = z.object({
  type: z.enum(['dashboard', 'tab', 'card']),
  _id: z.string(),
  name: z.string(),
  /** added: exists now, not then; removed: existed then, not now. */
  change: z.enum(['added', 'removed', 'changed']),
  /** For a change: what changed (place, size, mapping, display, filters, name, type, order, settings). */
  aspects: z.array(z.string()),
});
export type VersionDifference = z.infer<typeof versionDifferenceSchema>;

const versionParams = z.object({ id, versionId: id });

/** The data app as the version left it (read-only), and what differs from now. */
export const getDashboardVersion = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/versions/:versionId',
  access: projectRule(view, 'dashboard'),
  params: versionParams,
  response: dashboardDetailSchema.extend({
    version: dashboardVersionSchema,
    differences: z.array(versionDifferenceSchema),
    /** Its cards whose dataset was deleted since: they show as such. */
    missingCards: z.array(id),
  }),
});

/** Restore: a new version equal to this one (history is never rewritten). */
export const restoreDashboardVersion = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/versions/:versionId/restore',
  access: projectRule(edit, 'dashboard'),
  params: versionParams,
  response: z.object({ version: dashboardVersionSchema.nullable(), missingCards: z.array(id) }),
});

/** How many of its own steps the editing session may undo and redo. */
export const undoStateSchema = z.object({ undo: z.number().int(), redo: z.number().int() });

export const getDashboardUndo = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/undo',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  response: undoStateSchema,
});

/**
 * Undo the session's last step (its inverse, saved) or redo the last undone one. Refused (409) when someone
 * changed the same thing since: nobody's newer work is overwritten.
 */
export const undoDashboardStep = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/undo',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  response: undoStateSchema,
});

export const redoDashboardStep = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/redo',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  response: undoStateSchema,
});

/** A card's data as the version left the card (its mapping then, today's data): the history's preview. */
export const getDashboardVersionUnitData = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/versions/:versionId/units/:unitId/data',
  access: projectRule(view, 'dashboard'),
  params: z.object({ id, versionId: id, unitId: id }),
  query: unitDataQuerySchema,
  body: unitDataBodySchema.nullish(),
  response: unitDataSchema,
});
