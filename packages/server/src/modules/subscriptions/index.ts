import type { ServerModule } from '../../platform/module.ts';
import { dashboardRendererOf } from '../dashboards/index.ts';
import { installSubscriptions } from './subscriptions.jobs.ts';
import { subscriptionsRoutes } from './subscriptions.routes.ts';
import { findSubscriptionProject } from './subscriptions.store.ts';

/**
 * subscriptions — a data app mailed on a schedule (docs/data-apps.md "Subscriptions"): each occurrence claimed
 * once across workers by its send row, drawn by the dashboards module's renderer, sent through the platform's
 * mail with retries, unsubscribed by a signed link without signing in. Uses dashboards and triggers (its clock).
 */
export const subscriptionsModule: ServerModule = {
  name: 'subscriptions',
  resources: { subscription: findSubscriptionProject },
  jobs: (app) => installSubscriptions(app, dashboardRendererOf(app)),
  routes: subscriptionsRoutes,
};
