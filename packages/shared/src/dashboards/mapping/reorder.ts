import type { DashboardFilter } from '../filters.ts';
import type { Vis } from '../vis.ts';
import { moveTableColumn } from './edit.ts';
import type { DropTarget, MappingResult } from './types.ts';
import { chartVisOf, kpiVisOf } from './visAccess.ts';

/**
 * Reordering the chips of one bucket (dragging a chip onto another chip of the same bucket): the item takes
 * the other's place. The order is meaningful: series order is drawing and colour order, order-by entries sort
 * by priority, KPIs and columns show in order. An item not in the bucket, or dropped on its own place, changes
 * nothing. Table columns move without new data; the others refetch with their bucket.
 */

function moved<T>(list: T[], idOf: (item: T) => string, id: string, toIndex: number): T[] | null {
  const from = list.findIndex((item) => idOf(item) === id);
  const to = Math.max(0, Math.min(toIndex, list.length - 1));
  if (from < 0 || from === to) return null;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const byId = (item: { id: string }) => item.id;

export function reorderItem(vis: Vis, target: DropTarget, id: string, toIndex: number): MappingResult {
  const unchanged = { vis, refetch: false };
  switch (target.bucket) {
    case 'table':
      return moveTableColumn(vis, id, toIndex);
    case 'kpi': {
      const kpiVis = kpiVisOf(vis);
      const kpi = moved(kpiVis.kpi, byId, id, toIndex);
      return kpi ? { vis: { ...kpiVis, kpi }, refetch: true } : unchanged;
    }
    case 'filters': {
      const list = (Array.isArray(vis.filters) ? vis.filters : []) as DashboardFilter[];
      const filters = moved(list, (f) => f._id, id, toIndex);
      return filters ? { vis: { ...structuredClone(vis), filters }, refetch: false } : unchanged;
    }
    case 'orderBy': {
      const chart = chartVisOf(vis);
      const orderBy = moved(chart.orderBy, byId, id, toIndex);
      return orderBy ? { vis: { ...chart, orderBy }, refetch: true } : unchanged;
    }
    case 'tooltip': {
      const chart = chartVisOf(vis);
      const series = moved(chart.tooltip.series, byId, id, toIndex);
      return series ? { vis: { ...chart, tooltip: { ...chart.tooltip, series } }, refetch: true } : unchanged;
    }
    default: {
      const chart = chartVisOf(vis);
      const axis = target.axis ?? 0;
      const entry = chart[target.bucket][axis];
      const series = entry ? moved(entry.series, byId, id, toIndex) : null;
      if (!series) return unchanged;
      const axes = chart[target.bucket].map((a, i) => (i === axis ? { ...a, series } : a));
      return { vis: { ...chart, [target.bucket]: axes }, refetch: true };
    }
  }
}
