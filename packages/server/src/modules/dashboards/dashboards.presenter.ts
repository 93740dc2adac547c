import { api, type Dashboard, fillPath, type PreviewState, type PublicDashboard } from '@tessera/shared';
import type { DashboardFacts, DashboardRow } from './dashboards.store.ts';
import { storedFilters } from './filters/stored.ts';

/**
 * The image's address, as soon as one image exists (while a new one renders, or after a render failed, the
 * last one is still shown); it changes with every render, so that no cache serves an old image.
 */
export function presentPreview(row: DashboardRow): PreviewState {
  const at = row.previewRenderedAt;
  return {
    url: at ? `${fillPath(api.getDashboardPreviewImage.path, { id: row.id })}?v=${at.getTime()}` : null,
    status: row.previewStatus,
  };
}

export function presentPublicDashboard(row: DashboardRow, sourcesCount: number): PublicDashboard {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    tabs: row.tabIds,
    colors: row.colors,
    filters: storedFilters(row.filters),
    display: row.display,
    timeCreated: row.timeCreated.toISOString(),
    projectId: row.projectId,
    sourcesCount,
  };
}

export function presentDashboard({ row, user, sourcesCount }: DashboardFacts): Dashboard {
  return {
    ...presentPublicDashboard(row, sourcesCount),
    user: user ? { _id: user.id, name: { first: user.first, last: user.last } } : null,
    preview: presentPreview(row),
  };
}
