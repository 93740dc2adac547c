import {
  type CrossFilterEntry,
  EXPORT_PARAMS,
  type ExportFilters,
  type ExportFormat,
  type ExportOrientation,
  type ExportPaper,
  encodeExportFilters,
  type exportRequestSchema,
  PREVIEW_TOKEN_PARAM,
} from '@tessera/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { type JobContext, type JobRow, presentJob } from '../../../platform/jobs/index.ts';
import { redactUrl } from '../../../platform/logging.ts';
import { findDashboard } from '../dashboards.store.ts';
import { BrowserMissing } from '../headlessBrowser.ts';
import { issuePreviewToken, revokePreviewToken } from '../preview/preview.tokens.ts';
import type { RenderDeps } from '../render.deps.ts';
import { findUnit, listUnitsOfTabs } from '../units/units.store.ts';
import { readExport, writeExport } from './export.files.ts';
import { ExportError, renderExport } from './export.render.ts';

/** An export gets this long in all; each of its steps (page load, drawing without progress) a part of it. */
export const EXPORT_JOB_TIMEOUT_MS = 120_000;
const STEP_TIMEOUT_MS = 45_000;
/** Exports one process makes at once: each holds a page of the shared Chromium. */
export const EXPORT_CONCURRENCY = 2;
const TOKEN_TTL_MS = EXPORT_JOB_TIMEOUT_MS + 30_000;
const GONE = 'The dashboard no longer exists.';

type ExportBody = z.output<typeof exportRequestSchema>;

export interface ExportJobData {
  dashboardId: string;
  format: ExportFormat;
  paper: ExportPaper;
  orientation: ExportOrientation;
  /** The tabs to print, in the data app's order. */
  tabs: string[];
  unitId: string | null;
  filters: ExportFilters | null;
  /** The cross-filters in force on the page it was asked from (absent in jobs queued before they were printed). */
  crossFilters?: CrossFilterEntry[];
  language: string;
  /** When it was asked for (ISO): the time printed at the top. */
  at: string;
}

/** What `read` answers: the job while it runs or when it failed, else the file. */
export type ExportAnswer =
  | { kind: 'job'; job: ReturnType<typeof presentJob> }
  | { kind: 'file'; bytes: Buffer; type: string; name: string };

/**
 * Exports (docs/data-apps.md "Export"): the `dashboardExport` job opens the web app's export page in the server's
 * Chromium (one browser per process, HeadlessBrowser), authenticated by a preview token for that one data app, and
 * keeps the PDF or PNG in the shared storage (exports/) for the requester to download.
 */
export class ExportService {
  private readonly db: Db;
  constructor(private readonly deps: RenderDeps) {
    this.db = deps.db;
  }

  /** Registers the job's handler (once per app). */
  define(): void {
    this.deps.jobs.define<ExportJobData>('dashboardExport', (ctx) => this.run(ctx), {
      timeoutMs: EXPORT_JOB_TIMEOUT_MS,
      concurrency: EXPORT_CONCURRENCY,
    });
  }

  /** Checks what is asked against the data app (its tabs, its card) and queues the job. */
  async request(dashboardId: string, userId: string, body: ExportBody, language: string): Promise<{ _id: string }> {
    const row = await findDashboard(this.db, dashboardId);
    if (!row) throw notFound('dashboard.notFound');
    const asked = body.tabs ?? [];
    if (asked.some((tabId) => !row.tabIds.includes(tabId))) throw badRequest('export.unknownTab');
    const filterTabs = Object.keys(body.filters?.tabs ?? {});
    if (filterTabs.some((tabId) => !row.tabIds.includes(tabId))) throw badRequest('export.unknownTab');
    const crossFilters = body.crossFilters ?? [];
    if (
      crossFilters.length &&
      !(await unitsAreOn(
        this.db,
        row,
        crossFilters.map((entry) => entry.unitId),
      ))
    ) {
      throw badRequest('export.unknownCrossFilterCard');
    }
    let tabs = body.tabs ? row.tabIds.filter((tabId) => asked.includes(tabId)) : [...row.tabIds];
    if (body.format === 'pdf' && body.unitId) throw badRequest('export.pdfNoUnit');
    if (body.format === 'png') {
      if (body.unitId) {
        const unit = await findUnit(this.db, body.unitId);
        if (!unit || unit.dashboardId !== row.id || !row.tabIds.includes(unit.row.tabId)) {
          throw badRequest('export.unknownUnit');
        }
        if (body.tabs && (body.tabs.length !== 1 || body.tabs[0] !== unit.row.tabId)) {
          throw badRequest('export.pngOneTab');
        }
        tabs = [unit.row.tabId];
      } else if (tabs.length !== 1 || !body.tabs) {
        throw badRequest('export.pngOneTab');
      }
    }
    const data: ExportJobData = {
      dashboardId: row.id,
      format: body.format,
      paper: body.paper,
      orientation: body.orientation,
      tabs,
      unitId: body.unitId ?? null,
      filters: body.filters ?? null,
      crossFilters,
      language,
      at: new Date().toISOString(),
    };
    const job = await this.deps.jobs.enqueue<ExportJobData>({
      projectId: row.projectId,
      type: 'dashboardExport',
      ownerType: 'dashboard',
      ownerId: row.id,
      userId,
      name: `${row.name}.${body.format}`,
      data,
    });
    return { _id: job.id };
  }

  /** The requester's export: its job while unfinished or failed, its file once made; anyone else's is a 404. */
  async read(jobId: string, userId: string): Promise<ExportAnswer> {
    const job = await this.deps.jobs.find(jobId);
    if (job?.type !== 'dashboardExport' || job.userId !== userId) throw notFound('export.notFound');
    if (job.status !== 'completed') return { kind: 'job', job: presentJob(job) };
    // The job is named after its file (`{data app}.{format}`): one read, of the file it made.
    const extension = /\.(pdf|png)$/.exec(job.name)?.[1] as ExportFormat | undefined;
    const bytes = extension && (await readExport(this.deps.storage, job, extension));
    if (!extension || !bytes) throw notFound('export.notFound');
    const type = extension === 'pdf' ? 'application/pdf' : 'image/png';
    return { kind: 'file', bytes, type, name: fileName(job, extension) };
  }

  async run({ data, signal, progress, log, job }: JobContext<ExportJobData>): Promise<{ message: string } | undefined> {
    const row = await findDashboard(this.db, data.dashboardId);
    if (!row) return { message: GONE };
    try {
      await progress(0.05);
      const bytes = await this.draw(row, data, signal, (fraction) => void progress(0.1 + 0.8 * fraction));
      await writeExport(this.deps.storage, job, data.format, bytes);
      return undefined;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const cause = err instanceof Error && err.cause instanceof Error ? redactUrl(err.cause.message) : undefined;
      log.warn({ dashboardId: row.id, message, cause }, 'data app export failed');
      throw err;
    }
  }

  /**
   * Draws an export of a data app right away: its export page, opened with a preview token for that one data app
   * (revoked after), in the shared Chromium. For work that is already a job or a task (the export job, a
   * subscription's mail).
   */
  async draw(
    row: { id: string; projectId: string },
    data: ExportJobData,
    signal: AbortSignal,
    onProgress: (fraction: number) => void,
  ): Promise<Buffer> {
    const token = await issuePreviewToken(this.db, row.id, TOKEN_TTL_MS);
    try {
      const url = `${this.deps.pagesUrl()}${exportPagePath(row.projectId, row.id, data, token)}`;
      const bytes = await this.deps.browser
        .use(STEP_TIMEOUT_MS, (browser) =>
          renderExport(browser, {
            url,
            format: data.format,
            paper: data.paper,
            orientation: data.orientation,
            language: data.language,
            signal,
            stepTimeoutMs: STEP_TIMEOUT_MS,
            onProgress,
          }),
        )
        .catch((err) => {
          throw err instanceof BrowserMissing ? new ExportError('export.noChromium') : err;
        });
      if (signal.aborted) throw new ExportError('export.stopped');
      return bytes;
    } finally {
      await revokePreviewToken(this.db, token);
    }
  }
}

/** Whether every card named is on one of the data app's tabs. */
async function unitsAreOn(db: Db, dashboard: { tabIds: string[] }, unitIds: readonly string[]): Promise<boolean> {
  const onTabs = new Set((await listUnitsOfTabs(db, dashboard.tabIds)).map((unit) => unit.id));
  return unitIds.every((unitId) => onTabs.has(unitId));
}

/** The web app's export page for a job: its tabs, its card, its filters and time, the token that opens it. */
export function exportPagePath(projectId: string, dashboardId: string, data: ExportJobData, token: string): string {
  const query = new URLSearchParams({ [PREVIEW_TOKEN_PARAM]: token, [EXPORT_PARAMS.tabs]: data.tabs.join(',') });
  query.set(EXPORT_PARAMS.format, data.format);
  query.set(EXPORT_PARAMS.at, data.at);
  if (data.unitId) query.set(EXPORT_PARAMS.unit, data.unitId);
  if (data.filters) query.set(EXPORT_PARAMS.filters, encodeExportFilters(data.filters));
  if (data.crossFilters?.length) query.set(EXPORT_PARAMS.cross, JSON.stringify(data.crossFilters));
  return `/export/projects/${projectId}/dashboards/${dashboardId}?${query.toString()}`;
}

/** The download's name: the data app's name, safe for a file system. */
function fileName(job: JobRow, extension: 'pdf' | 'png'): string {
  const base =
    job.name
      .replace(/\.(pdf|png)$/, '')
      .replace(/[^\p{L}\p{N} _-]+/gu, '_')
      .trim() || 'export';
  return `${base.slice(0, 100)}.${extension}`;
}
