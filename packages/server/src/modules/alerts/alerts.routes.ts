import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { mailLanguage } from '../../platform/mailLanguage.ts';
import { route } from '../../platform/routes.ts';
import { alertCheckerOf } from './alerts.jobs.ts';
import { AlertsService } from './alerts.service.ts';

/** Threshold alerts on cards; each member's own. */
export async function alertsRoutes(app: FastifyInstance) {
  const alerts = new AlertsService(app.ctx, alertCheckerOf(app));
  const language = (headers: { 'accept-language'?: string | string[] }) => mailLanguage(headers['accept-language']);

  route(app, api.listAlerts, ({ auth, query }) => alerts.list(query.projectId, auth.user.id));
  route(app, api.createAlert, ({ auth, body, request }) =>
    alerts.create(auth.user.id, body, language(request.headers)),
  );
  route(app, api.updateAlert, ({ auth, params, body, request }) =>
    alerts.update(params.id, auth.user.id, body, language(request.headers)),
  );
  route(app, api.deleteAlert, async ({ auth, params }) => {
    await alerts.delete(params.id, auth.user.id);
    return { ok: true as const };
  });
  route(app, api.listAlertFirings, ({ auth, params }) => alerts.firings(params.id, auth.user.id));
}
