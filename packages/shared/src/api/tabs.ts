import { z } from 'zod';
import { DASHBOARD_LIMITS } from '../dashboards/constants.ts';
import { dashboardNameField, descriptionField, tabSchema, unitSchema } from '../dashboards/entities.ts';
import { layoutBoxSchema, layoutItemSchema } from '../dashboards/layout.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams } from '../http/ids.ts';

/** Tabs (sections) and the cards on them. */
const view = { area: 'dashboard', level: 'view' } as const;
const edit = { area: 'dashboard', level: 'edit' } as const;

/** One tab and its cards (after a live `tab:updated`, or to load a section on its own). */
export const getTab = endpoint({
  method: 'GET',
  path: '/api/v1/tabs/:id',
  access: projectRule(view, 'tab'),
  params: idParams,
  response: z.object({ tab: tabSchema, units: z.array(unitSchema) }),
});

/**
 * Edit Tab (name, description), the card grid's layout, and a section's card order. `layout` items must name
 * cards of this tab, each once, inside the 12-column grid (else 400); cards it leaves out keep their place.
 * `units` must be exactly the tab's card ids in a new order (else 400).
 */
export const updateTab = endpoint({
  method: 'PUT',
  path: '/api/v1/tabs/:id',
  access: projectRule(edit, 'tab'),
  params: idParams,
  body: z
    .object({
      name: dashboardNameField.optional(),
      description: descriptionField.optional(),
      layout: z.array(layoutItemSchema).max(DASHBOARD_LIMITS.unitsPerTab).optional(),
      units: z.array(id).max(DASHBOARD_LIMITS.unitsPerTab).optional(),
    })
    .strict(),
  response: tabSchema,
});

const unitParams = z.object({ id, unitId: id });

/**
 * Adds a card with no type yet. Without `layoutItem` it goes where a new card goes by default (12x3 at the top
 * of an empty dashboard tab, else below the last card; 6x3 at x6 in a report). `clientId` is echoed back so
 * that the client can match its placeholder.
 */
export const createUnit = endpoint({
  method: 'POST',
  path: '/api/v1/tabs/:id/units',
  access: projectRule(edit, 'tab'),
  params: idParams,
  body: z
    .object({ layoutItem: layoutBoxSchema.optional(), clientId: z.string().min(1).max(64).optional() })
    .strict()
    .nullish(),
  response: z.object({ tab: tabSchema, unit: unitSchema, clientId: z.string().optional() }),
});

/** Duplicate a card on the same tab: by default the copy has the original's size, below every card. */
export const duplicateUnit = endpoint({
  method: 'POST',
  path: '/api/v1/tabs/:id/units/:unitId/duplicate',
  access: projectRule(edit, 'tab'),
  params: unitParams,
  body: z.object({ layoutItem: layoutBoxSchema.optional() }).strict().nullish(),
  response: z.object({ tab: tabSchema, unit: unitSchema }),
});

export const deleteUnit = endpoint({
  method: 'DELETE',
  path: '/api/v1/tabs/:id/units/:unitId',
  access: projectRule(edit, 'tab'),
  params: unitParams,
  response: z.object({ tab: tabSchema }),
});
