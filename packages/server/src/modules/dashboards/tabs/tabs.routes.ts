import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/routes.ts';
import { TabsService } from './tabs.service.ts';

/** Tabs (sections): created, duplicated and deleted under their dashboard; shown and edited on their own. */
export async function tabsRoutes(app: FastifyInstance) {
  const tabs = new TabsService(app);

  route(app, api.createTab, ({ params, body }) => tabs.create(params.id, body));
  route(app, api.duplicateTab, ({ params, body }) => tabs.duplicate(params.id, params.tabId, body?.name));
  route(app, api.deleteTab, ({ params }) => tabs.delete(params.id, params.tabId));
  route(app, api.getTab, ({ params }) => tabs.get(params.id));
  route(app, api.updateTab, ({ params, body }) => tabs.update(params.id, body));
}
