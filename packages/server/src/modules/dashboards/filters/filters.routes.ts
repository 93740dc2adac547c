import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/routes.ts';
import { dashboardsDepsOf } from '../dashboards.jobs.ts';
import { authorOf } from '../history/author.ts';
import { FiltersService } from './filters.service.ts';

/** Saved filters of dashboards and tabs: add, clear, change and remove; 'filter' ids resolve here. */
export async function filtersRoutes(app: FastifyInstance) {
  const filters = new FiltersService(dashboardsDepsOf(app));

  route(app, api.addTabFilter, ({ params, body, auth, request }) =>
    filters.add({ kind: 'tab', id: params.id }, body, authorOf(auth, request)),
  );
  route(app, api.clearTabFilters, ({ params, auth, request }) =>
    filters.clear({ kind: 'tab', id: params.id }, authorOf(auth, request)),
  );
  route(app, api.addDashboardFilter, ({ params, body, auth, request }) =>
    filters.add({ kind: 'dashboard', id: params.id }, body, authorOf(auth, request)),
  );
  route(app, api.clearDashboardFilters, ({ params, auth, request }) =>
    filters.clear({ kind: 'dashboard', id: params.id }, authorOf(auth, request)),
  );
  route(app, api.updateFilter, ({ params, body, auth, request }) =>
    filters.update(params.id, body, authorOf(auth, request)),
  );
  route(app, api.deleteFilter, ({ params, auth, request }) => filters.delete(params.id, authorOf(auth, request)));
}
