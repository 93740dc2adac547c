import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { DashboardEvents } from './dashboards.events.ts';

/**
 * What the services that change a data app use (dashboards, tabs, cards, filters, history): the app's one
 * `DashboardEvents`, so that its listener of content changes hears every service. The module's routes build it
 * (`dashboardsDepsOf`, dashboards.jobs.ts).
 */
export type DashboardsDeps = Pick<AppContext, 'db' | 'config'> & {
  events: DashboardEvents;
  log: FastifyBaseLogger;
};
