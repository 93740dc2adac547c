import type { FastifyInstance } from 'fastify';
import { realtimeOf } from '../../platform/realtime.ts';
import type { DashboardsDeps } from './dashboards.deps.ts';
import { DashboardEvents } from './dashboards.events.ts';
import { HistoryRetention } from './history/retention.ts';
import { renderJobs } from './render.jobs.ts';
import { UnitDataService } from './units/unitData.service.ts';

// Keyed by the app's context, the one object every encapsulated plugin of the app shares (route plugins each
// see their own FastifyInstance).
const eventsOfApps = new WeakMap<object, DashboardEvents>();
const cardsOfApps = new WeakMap<object, UnitDataService>();

/**
 * The dashboards module's work outside requests, on every process: the preview and export jobs (with the
 * process's one Chromium), the history's retention task; and the app's one `DashboardEvents` and
 * `UnitDataService`, which its routes and other modules' services share (`dashboardEventsOf`, `unitDataServiceOf`).
 */
export function dashboardsJobs(app: FastifyInstance): void {
  const { db, storage, results, config, jobs } = app.ctx;
  const events = new DashboardEvents(realtimeOf(app));
  eventsOfApps.set(app.ctx, events);
  cardsOfApps.set(app.ctx, new UnitDataService({ db, storage, results, log: app.log }));
  renderJobs(app, events);
  const retention = new HistoryRetention({ db, config, jobs, log: app.log });
  retention.install();
  // Workers queue a pass as they start and then periodically.
  if (jobs.runsWorkers) {
    app.addHook('onReady', async () => retention.startQueueing());
    app.addHook('preClose', async () => retention.stopQueueing());
  }
}

/** The app's data app events, whose listener of content changes hears every service (dashboards.events.ts). */
export function dashboardEventsOf(app: FastifyInstance): DashboardEvents {
  const events = eventsOfApps.get(app.ctx);
  if (!events) throw new Error('the dashboards module is not registered');
  return events;
}

/** What the services that change a data app use, from the app. */
export function dashboardsDepsOf(app: FastifyInstance): DashboardsDeps {
  const { db, config } = app.ctx;
  return { db, config, events: dashboardEventsOf(app), log: app.log };
}

/**
 * The app's cards' data service: one per app, so that its caches (compiled cards, project metadata, public
 * answers) serve the dashboards' routes, the history's, the assistant's and the alerts' checks alike.
 */
export function unitDataServiceOf(app: FastifyInstance): UnitDataService {
  const cards = cardsOfApps.get(app.ctx);
  if (!cards) throw new Error('the dashboards module is not registered');
  return cards;
}
