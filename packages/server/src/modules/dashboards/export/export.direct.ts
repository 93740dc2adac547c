import type { ExportFilters, ExportFormat } from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import { findDashboard } from '../dashboards.store.ts';
import type { RenderDeps } from '../render.deps.ts';
import { ExportError } from './export.render.ts';
import { type ExportJobData, ExportService } from './export.service.ts';

/** What other modules ask to have drawn: a PDF of tabs (none: every tab), or a PNG of exactly one tab. */
export interface DashboardRenderRequest {
  dashboardId: string;
  format: ExportFormat;
  tabs: readonly string[];
  filters: ExportFilters | null;
  language: string;
  signal?: AbortSignal;
}

/** A data app's name and place, as a mail about it names and links it. */
export interface DashboardSummary {
  id: string;
  name: string;
  projectId: string;
  type: 'Dashboard' | 'Report';
  tabIds: string[];
}

export async function dashboardSummary(db: Db, dashboardId: string): Promise<DashboardSummary | undefined> {
  const row = await findDashboard(db, dashboardId);
  return row && { id: row.id, name: row.name, projectId: row.projectId, type: row.type, tabIds: [...row.tabIds] };
}

/**
 * Draws a data app to a PDF or PNG buffer right away, with the export's page and Chromium (export.render.ts), for
 * work that is already a job or a task of its own (a subscription's mail). Tabs no longer on the data app are left
 * out; when none is left, a PDF takes every tab and a PNG the first. It draws with the process's one Chromium
 * (`deps.browser`; the app's renderer: dashboardRendererOf, render.jobs.ts).
 */
export class DashboardRenderer {
  private readonly exports: ExportService;
  constructor(private readonly deps: RenderDeps) {
    this.exports = new ExportService(deps);
  }

  async render(request: DashboardRenderRequest): Promise<Buffer> {
    const row = await findDashboard(this.deps.db, request.dashboardId);
    if (!row) throw new ExportError('dashboard.gone');
    let tabs = row.tabIds.filter((tabId) => request.tabs.includes(tabId));
    if (!tabs.length) tabs = request.format === 'png' ? row.tabIds.slice(0, 1) : [...row.tabIds];
    if (request.format === 'png') tabs = tabs.slice(0, 1);
    const data: ExportJobData = {
      dashboardId: row.id,
      format: request.format,
      paper: 'a4',
      orientation: 'portrait',
      tabs,
      unitId: null,
      filters: request.filters,
      language: request.language,
      at: new Date().toISOString(),
    };
    return this.exports.draw(row, data, request.signal ?? new AbortController().signal, () => {});
  }
}
