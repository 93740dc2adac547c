import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/routes.ts';
import { FiltersService } from './filters.service.ts';

/** Saved filters of dashboards and tabs (spec 2 §7): add, clear, change and remove; 'filter' ids resolve here. */
export async function filtersRoutes(app: FastifyInstance) {
  const filters = new FiltersService(app);

  route(app, api.addTabFilter, ({ params, body }) => filters.add({ kind: 'tab', id: params.id }, body));
  route(app, api.clearTabFilters, ({ params }) => filters.clear({ kind: 'tab', id: params.id }));
  route(app, api.addDashboardFilter, ({ params, body }) => filters.add({ kind: 'dashboard', id: params.id }, body));
  route(app, api.clearDashboardFilters, ({ params }) => filters.clear({ kind: 'dashboard', id: params.id }));
  route(app, api.updateFilter, ({ params, body }) => filters.update(params.id, body));
  route(app, api.deleteFilter, ({ params }) => filters.delete(params.id));
}
