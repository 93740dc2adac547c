import { z } from 'zod';
import { FILTER_LIMITS, filterSchema, newFilterSchema } from '../dashboards/filters.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams } from '../http/ids.ts';

/**
 * Saved filters of a dashboard (every tab) and of a tab (POST/DELETE tabs/{id}/filters,
 * PUT/DELETE filters/{filterId}). Saving needs dashboard edit; viewers and public visitors filter for
 * themselves, sending their filters with each data request (never saved). A saved filter may be incomplete
 * (the menu is still open); only valid ones are applied.
 */
const edit = { area: 'dashboard', level: 'edit' } as const;

/** Every change answers the whole list it changed, in order. */
export const filterListSchema = z.object({
  owner: z.object({ kind: z.enum(['dashboard', 'tab']), _id: id }),
  dashboardId: id,
  filters: z.array(filterSchema).max(FILTER_LIMITS.perList),
});
export type FilterList = z.infer<typeof filterListSchema>;

export const addTabFilter = endpoint({
  method: 'POST',
  path: '/api/v1/tabs/:id/filters',
  access: projectRule(edit, 'tab'),
  params: idParams,
  body: newFilterSchema,
  response: filterListSchema.extend({ filter: filterSchema }),
});

/** Removes every filter of the tab. */
export const clearTabFilters = endpoint({
  method: 'DELETE',
  path: '/api/v1/tabs/:id/filters',
  access: projectRule(edit, 'tab'),
  params: idParams,
  response: filterListSchema,
});

export const addDashboardFilter = endpoint({
  method: 'POST',
  path: '/api/v1/dashboards/:id/filters',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  body: newFilterSchema,
  response: filterListSchema.extend({ filter: filterSchema }),
});

export const clearDashboardFilters = endpoint({
  method: 'DELETE',
  path: '/api/v1/dashboards/:id/filters',
  access: projectRule(edit, 'dashboard'),
  params: idParams,
  response: filterListSchema,
});

export const updateFilter = endpoint({
  method: 'PUT',
  path: '/api/v1/filters/:id',
  access: projectRule(edit, 'filter'),
  params: idParams,
  body: newFilterSchema.partial().strict(),
  response: filterListSchema.extend({ filter: filterSchema }),
});

export const deleteFilter = endpoint({
  method: 'DELETE',
  path: '/api/v1/filters/:id',
  access: projectRule(edit, 'filter'),
  params: idParams,
  response: filterListSchema,
});
