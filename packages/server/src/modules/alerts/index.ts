import type { ServerModule } from '../../platform/module.ts';
import { installAlertChecks } from './alerts.jobs.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { findAlertProject } from './alerts.store.ts';

/**
 * alerts — threshold alerts on KPI and chart cards, each member's own: checked on a schedule and after every
 * change of a card's datasets (heard once, from the live channel's `dataset:updated`), fired once per turn of the
 * condition from false to true, told by mail and on the recipient's sockets. Uses dashboards (the card service).
 */
export const alertsModule: ServerModule = {
  name: 'alerts',
  resources: { alert: findAlertProject },
  jobs: (app) => void installAlertChecks(app),
  routes: alertsRoutes,
};
