import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { mailLanguage } from '../../../platform/mailLanguage.ts';
import { route } from '../../../platform/routes.ts';
import { dashboardsDepsOf } from '../dashboards.jobs.ts';
import { authorOf } from '../history/author.ts';
import { TabsService } from './tabs.service.ts';

/** Tabs (sections): created, duplicated and deleted under their dashboard; shown and edited on their own. */
export async function tabsRoutes(app: FastifyInstance) {
  const tabs = new TabsService(dashboardsDepsOf(app));

  route(app, api.createTab, ({ params, body, auth, request }) => tabs.create(params.id, body, authorOf(auth, request)));
  route(app, api.duplicateTab, ({ params, body, auth, request }) =>
    tabs.duplicate(
      params.id,
      params.tabId,
      body?.name,
      authorOf(auth, request),
      mailLanguage(request.headers['accept-language']),
    ),
  );
  route(app, api.deleteTab, ({ params, auth, request }) =>
    tabs.delete(params.id, params.tabId, authorOf(auth, request)),
  );
  route(app, api.getTab, ({ params }) => tabs.get(params.id));
  route(app, api.updateTab, ({ params, body, auth, request }) => tabs.update(params.id, body, authorOf(auth, request)));
}
