import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/routes.ts';
import { dashboardsDepsOf, unitDataServiceOf } from '../dashboards.jobs.ts';
import { authorOf, readerLanguage, sessionAuthorOf } from './author.ts';
import { HistoryService } from './history.service.ts';

/** A data app's history: versions, one version's app, restore; undo and redo of an editing session's steps. */
export async function historyRoutes(app: FastifyInstance) {
  const history = new HistoryService(dashboardsDepsOf(app));
  const data = unitDataServiceOf(app);
  route(app, api.listDashboardVersions, ({ params, query, request }) =>
    history.list(params.id, query, readerLanguage(request)),
  );
  route(app, api.getDashboardVersion, ({ params, request }) =>
    history.show(params.id, params.versionId, readerLanguage(request)),
  );
  route(app, api.getDashboardVersionUnitData, async ({ params, query, body, request }) => {
    const card = await history.versionCard(params.id, params.versionId, params.unitId, request.project!);
    return (await data.compute(card, { ...query, ...(body ?? {}) })).answer;
  });
  route(app, api.restoreDashboardVersion, ({ params, auth, request }) =>
    history.restore(params.id, params.versionId, authorOf(auth, request), readerLanguage(request)),
  );
  route(app, api.getDashboardUndo, ({ params, auth, request }) =>
    history.counts(params.id, sessionAuthorOf(auth, request)),
  );
  route(app, api.undoDashboardStep, ({ params, auth, request }) =>
    history.step(params.id, sessionAuthorOf(auth, request), 'undo'),
  );
  route(app, api.redoDashboardStep, ({ params, auth, request }) =>
    history.step(params.id, sessionAuthorOf(auth, request), 'redo'),
  );
}
