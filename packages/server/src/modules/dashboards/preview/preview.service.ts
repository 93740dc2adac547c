import { type DashboardType, PREVIEW_TOKEN_PARAM, type PreviewState } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { HttpError, notFound } from '../../../platform/errors.ts';
import type { JobContext } from '../../../platform/jobs/index.ts';
import { redactUrl } from '../../../platform/logging.ts';
import { giveBack, take } from '../../../platform/rateLimit.ts';
import { dashboardEventsOf } from '../dashboards.jobs.ts';
import { presentDashboard, presentPreview } from '../dashboards.presenter.ts';
import type { PreviewRequester } from '../dashboards.service.ts';
import { type DashboardRow, findDashboard, findDashboardFacts, updateDashboardRow } from '../dashboards.store.ts';
import { HeadlessBrowser } from '../headlessBrowser.ts';
import { removePreview, writePreview } from './preview.files.ts';
import { renderPreviewPng } from './preview.render.ts';
import { issuePreviewToken, revokePreviewToken } from './preview.tokens.ts';

/** A render gets this long in all; each of its steps (browser start, page load, readiness) a part of it. */
export const PREVIEW_JOB_TIMEOUT_MS = 90_000;
const STEP_TIMEOUT_MS = 25_000;
/** A render asked for this long ago and still pending was lost (its process died): it is asked again. */
export const STALE_PENDING_MS = PREVIEW_JOB_TIMEOUT_MS + 60_000;
/** The token outlives the job a little: a job settles before its token expires, and deletes it anyway. */
const TOKEN_TTL_MS = PREVIEW_JOB_TIMEOUT_MS + 30_000;
export const PREVIEW_QUEUE_FAILED = 'The preview could not be queued.';
const GONE = 'The dashboard no longer exists.';
/**
 * Renders a person may force (Update Dashboard Preview): each costs a headless Chromium for up to 90 s, so they are
 * bounded per dashboard and per user, counted atomically before the render is queued.
 */
export const FORCED_PREVIEW_LIMIT = { windowMs: 10 * 60 * 1000, perDashboard: 6, perUser: 20 } as const;

interface PreviewJobData {
  dashboardId: string;
}

/** The web app's preview route for a dashboard: its first tab, or the report variant. */
export function previewPagePath(row: Pick<DashboardRow, 'id' | 'projectId' | 'type' | 'tabIds'>): string {
  const report = (row.type as DashboardType) === 'Report' ? 'report/' : '';
  const tab = row.tabIds[0] ? `/tabs/${row.tabIds[0]}` : '';
  return `/preview/projects/${row.projectId}/dashboards/${report}${row.id}${tab}`;
}

/**
 * Dashboard images (data app card): asked for on creation, lazily by the list, and again by Update
 * Dashboard Preview; rendered by the `dashboardPreview` job, so that a slow or failed render never holds a
 * request. The job opens the web app's preview route in headless Chromium on this server's own address,
 * authenticated by a one-time preview token (preview.tokens.ts), and stores the PNG under DATA_DIR/previews.
 */
export class PreviewService implements PreviewRequester {
  private readonly db: Db;
  constructor(
    private readonly app: FastifyInstance,
    /** The process's Chromium, shared with the exports; started by the first render (routes never start it). */
    private readonly browser = new HeadlessBrowser(),
  ) {
    this.db = app.ctx.db;
  }

  /** Registers the render job's handler (once per app). */
  define(): void {
    this.app.ctx.jobs.define<PreviewJobData>('dashboardPreview', (ctx) => this.run(ctx), {
      timeoutMs: PREVIEW_JOB_TIMEOUT_MS,
      concurrency: 1,
    });
  }

  /** The image's state; a dashboard that never had one, or whose render was lost, gets one asked for. */
  async state(id: string, userId: string | null): Promise<PreviewState> {
    const row = await findDashboard(this.db, id);
    if (!row) throw notFound('dashboard.notFound');
    if (row.previewStatus === 'new' || this.lost(row)) return this.request(id, { userId });
    return presentPreview(row);
  }

  /**
   * Queues a render (pending). Without `force`, a render already pending and not lost is left to finish. A
   * queue failure marks the preview failed and throws.
   */
  async request(id: string, options: { force?: boolean; userId?: string | null } = {}): Promise<PreviewState> {
    const row = await findDashboard(this.db, id);
    if (!row) throw notFound('dashboard.notFound');
    if (!options.force && row.previewStatus === 'pending' && !this.lost(row)) return presentPreview(row);
    if (options.force && options.userId) await this.countForced(id, options.userId);
    await updateDashboardRow(this.db, id, {
      previewStatus: 'pending',
      previewRequestedAt: new Date(),
      previewError: null,
    });
    try {
      await this.app.ctx.jobs.enqueue<PreviewJobData>({
        projectId: row.projectId,
        type: 'dashboardPreview',
        ownerType: 'dashboard',
        ownerId: id,
        userId: options.userId ?? null,
        name: row.name,
        data: { dashboardId: id },
      });
    } catch (err) {
      this.app.log.error({ err, dashboardId: id }, 'could not queue a dashboard preview');
      await this.settle(id, { previewStatus: 'failed', previewError: PREVIEW_QUEUE_FAILED });
      throw err;
    }
    return this.announce(id);
  }

  /** Counts a person's forced render against both bounds, or refuses it (429) with nothing counted. */
  private async countForced(dashboardId: string, userId: string): Promise<void> {
    const { windowMs, perDashboard, perUser } = FORCED_PREVIEW_LIMIT;
    const dashboardKey = `preview:dashboard:${dashboardId}`;
    const userKey = `preview:user:${userId}`;
    if (!(await take(this.db, dashboardKey, { windowMs, max: perDashboard })).allowed) {
      await giveBack(this.db, dashboardKey);
      throw new HttpError('rate-limited', 'dashboard.previewRateLimited');
    }
    if (!(await take(this.db, userKey, { windowMs, max: perUser })).allowed) {
      await giveBack(this.db, userKey);
      await giveBack(this.db, dashboardKey);
      throw new HttpError('rate-limited', 'dashboard.previewRateLimited');
    }
  }

  /** The job: render, store, mark ready; or mark failed with the renderer's message (written for people). */
  async run({ data, signal, log }: JobContext<PreviewJobData>): Promise<{ message: string } | undefined> {
    const row = await findDashboard(this.db, data.dashboardId);
    if (!row) return { message: GONE };
    const token = await issuePreviewToken(this.db, row.id, TOKEN_TTL_MS);
    try {
      const url = `${this.baseUrl()}${previewPagePath(row)}?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`;
      const png = await renderPreviewPng(this.browser, { url, signal, stepTimeoutMs: STEP_TIMEOUT_MS });
      if (signal.aborted) throw new Error('The preview render was stopped.');
      await writePreview(this.app.ctx.storage, row.id, png);
      const updated = await this.settle(row.id, {
        previewStatus: 'ready',
        previewRenderedAt: new Date(),
        previewError: null,
      });
      if (!updated) {
        // Deleted while it rendered: leave no file behind.
        await removePreview(this.app.ctx.storage, row.id);
        return { message: GONE };
      }
      return undefined;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const cause = err instanceof Error && err.cause instanceof Error ? redactUrl(err.cause.message) : undefined;
      log.warn({ dashboardId: row.id, message, cause }, 'dashboard preview failed');
      await this.settle(row.id, { previewStatus: 'failed', previewError: message });
      throw err;
    } finally {
      await revokePreviewToken(this.db, token);
    }
  }

  /**
   * Where the headless browser finds the web app: this server's own listening address when it serves it (no
   * proxy, TLS or DNS in the way), else the public URL. A worker (ROLE=worker) listens for its health check only:
   * its pages are the API processes', behind the public URL.
   */
  baseUrl(): string {
    const address = this.app.server.address();
    if (this.app.ctx.config.ROLE !== 'worker' && address && typeof address === 'object') {
      const wildcard = address.address === '0.0.0.0' || address.address === '::';
      if (wildcard) return `http://127.0.0.1:${address.port}`;
      return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
    }
    return this.app.ctx.config.publicUrl;
  }

  private lost(row: DashboardRow): boolean {
    return (
      row.previewStatus === 'pending' &&
      (!row.previewRequestedAt || Date.now() - row.previewRequestedAt.getTime() > STALE_PENDING_MS)
    );
  }

  /** Writes the preview's new state and tells the project's live channel; undefined when the dashboard is gone. */
  private async settle(
    id: string,
    change: Parameters<typeof updateDashboardRow>[2],
  ): Promise<DashboardRow | undefined> {
    const row = await updateDashboardRow(this.db, id, change);
    if (row) await this.announce(id);
    return row;
  }

  private async announce(id: string): Promise<PreviewState> {
    const facts = await findDashboardFacts(this.db, id);
    if (!facts) throw notFound('dashboard.notFound');
    dashboardEventsOf(this.app).dashboardUpdated(presentDashboard(facts), { content: false });
    return presentPreview(facts.row);
  }
}
