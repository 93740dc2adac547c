import { api } from '@tessera/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { mailLanguage } from '../../platform/mailLanguage.ts';
import { route } from '../../platform/routes.ts';
import { featuresServiceOf } from '../datasets/index.ts';
import { dashboardEventsOf, dashboardsDepsOf } from './dashboards.jobs.ts';
import { presentPublicDashboard } from './dashboards.presenter.ts';
import { DashboardsService } from './dashboards.service.ts';
import { authorOf } from './history/author.ts';
import { readPreview, removePreview } from './preview/preview.files.ts';
import { PreviewRefresher } from './preview/preview.refresh.ts';
import { publicFeatures, resolvePublicDashboard, resolvePublicFeature, usedFeatures } from './public.ts';
import { previewServiceOf } from './render.jobs.ts';

/**
 * Data apps: dashboards and reports, their preview images, and the public family.
 * Tabs, cards and filters have their own routes (tabs/, units/, filters/). The preview job is defined by the
 * module's `jobs` (index.ts).
 */
export async function dashboardsRoutes(app: FastifyInstance) {
  const { storage } = app.ctx;
  const events = dashboardEventsOf(app);
  const previews = previewServiceOf(app, events);
  // The app's listener of content changes: a changed dashboard's image is rendered again once the changes settle.
  const refresher = new PreviewRefresher(previews, app.ctx.config.PREVIEW_REFRESH_SECONDS * 1000, app.log);
  events.listen(refresher);
  app.addHook('onClose', async () => refresher.stop());
  const dashboards = new DashboardsService(dashboardsDepsOf(app), previews);

  route(app, api.listDashboards, ({ query }) => dashboards.list(query.projectId));
  route(app, api.createDashboard, ({ auth, body, request }) =>
    dashboards.create(auth.user, body, mailLanguage(request.headers['accept-language'])),
  );
  route(app, api.getDashboard, ({ params }) => dashboards.detail(params.id));
  route(app, api.updateDashboard, ({ auth, params, body, request }) =>
    dashboards.update(params.id, body, authorOf(auth, request)),
  );
  route(app, api.deleteDashboard, async ({ params }) => {
    await dashboards.delete(params.id, (id) => removePreview(storage, id));
    return { ok: true as const };
  });
  route(app, api.duplicateDashboard, ({ auth, params, body, request }) =>
    dashboards.duplicate(auth.user, params.id, body?.name, mailLanguage(request.headers['accept-language'])),
  );

  route(app, api.getDashboardPreview, ({ auth, params }) => previews.state(params.id, auth.user.id));
  route(app, api.updateDashboardPreview, ({ auth, params }) =>
    previews.request(params.id, { force: true, userId: auth.user.id }),
  );
  route(app, api.getDashboardPreviewImage, async ({ params, reply }) =>
    sendPng(reply, await readPreview(storage, params.id), 'private'),
  );

  route(app, api.getPublicDashboard, async ({ params, query }) => {
    const row = await resolvePublicDashboard(app.ctx.db, params.id, query.previewToken);
    const { dashboard, tabs, units } = await dashboards.detail(row.id);
    const features = await publicFeatures(app.ctx.db, row, tabs, units);
    return { dashboard: presentPublicDashboard(row, dashboard.sourcesCount), tabs, units, features };
  });
  const features = featuresServiceOf(app);
  // The features a dashboard uses, for whoever may read it (also without the dataset role).
  route(app, api.listDashboardFeatures, ({ params }) => usedFeatures(app.ctx.db, params.id));
  route(app, api.getDashboardFeatureCategories, async ({ params, query }) => {
    const feature = (await usedFeatures(app.ctx.db, params.id)).find((f) => f._id === params.featureId);
    if (!feature) throw notFound('dashboard.featureNotFound');
    return features.categories(feature._id, { limit: query.limit });
  });
  route(app, api.getPublicFeatureCategories, async ({ params, query }) => {
    const load = (row: { id: string }) => dashboards.detail(row.id);
    const feature = await resolvePublicFeature(app.ctx.db, params.id, params.featureId, load, query.previewToken);
    return features.categories(feature._id, { limit: query.limit });
  });
  route(app, api.getPublicDashboardPreviewImage, async ({ params, reply }) => {
    const row = await resolvePublicDashboard(app.ctx.db, params.id);
    return sendPng(reply, await readPreview(storage, row.id), 'public');
  });
}

/** The image, cacheable by the browser (its url changes with every render); 404 until one exists. */
function sendPng(reply: FastifyReply, png: Buffer | undefined, cache: 'private' | 'public'): FastifyReply {
  if (!png) throw notFound('dashboard.noPreview');
  return reply
    .type('image/png')
    .header('cache-control', cache === 'private' ? 'private, max-age=86400' : 'public, max-age=300')
    .send(png);
}
