import type { FastifyInstance } from 'fastify';
import type { DashboardEvents } from './dashboards.events.ts';
import { DashboardRenderer } from './export/export.direct.ts';
import { ExportService } from './export/export.service.ts';
import { HeadlessBrowser } from './headlessBrowser.ts';
import { pagesBaseUrl } from './preview/preview.baseUrl.ts';
import { PreviewService } from './preview/preview.service.ts';
import type { RenderDeps } from './render.deps.ts';

// Keyed by the app's context, the one object every encapsulated plugin of the app shares (route plugins each
// see their own FastifyInstance).
const browsers = new WeakMap<object, HeadlessBrowser>();

/**
 * The process's one Chromium for data apps' pictures and files (preview images, exports, subscriptions' mail),
 * closed with the app. Called while the app is being built (its modules' jobs and routes), never after it is ready;
 * only the jobs draw, so the routes never start it.
 */
function headlessBrowserOf(app: FastifyInstance): HeadlessBrowser {
  let browser = browsers.get(app.ctx);
  if (!browser) {
    const made = new HeadlessBrowser();
    app.addHook('onClose', () => made.close());
    browsers.set(app.ctx, made);
    browser = made;
  }
  return browser;
}

/** What the preview images and the exports use, from the app. */
export function renderDepsOf(app: FastifyInstance): RenderDeps {
  const { db, storage, jobs, config } = app.ctx;
  return {
    db,
    storage,
    jobs,
    browser: headlessBrowserOf(app),
    // Asked when a render starts: the server listens by then.
    pagesUrl: () => pagesBaseUrl(app.server.address(), config),
    log: app.log,
  };
}

/** The preview images of the app's data apps; a new image state reaches the project's live channel by `events`. */
export function previewServiceOf(app: FastifyInstance, events: DashboardEvents): PreviewService {
  const previewChanged = (dashboard: Parameters<DashboardEvents['dashboardUpdated']>[0]) =>
    events.dashboardUpdated(dashboard, { content: false });
  return new PreviewService({ ...renderDepsOf(app), previewChanged });
}

export const exportServiceOf = (app: FastifyInstance) => new ExportService(renderDepsOf(app));

/** What other modules use to draw a data app right away (a subscription's mail). */
export const dashboardRendererOf = (app: FastifyInstance) => new DashboardRenderer(renderDepsOf(app));

/** Defines the preview and export jobs (once per app), which draw with the process's one Chromium. */
export function renderJobs(app: FastifyInstance, events: DashboardEvents): void {
  previewServiceOf(app, events).define();
  exportServiceOf(app).define();
}
