import type { UnitType } from '../constants.ts';
import type { Vis } from '../vis.ts';
import { CHART_BUCKETS } from '../visSchemas.ts';
import { seriesQueryKey } from './edit.ts';
import { chartVisOf, kpiVisOf, tableVisOf } from './visAccess.ts';

/**
 * Whether a vis change needs the card's data again: a change of a bucket, an operation, a series'
 * rows or filters, the order by or the card filters does; display and colour changes (chart type within the line
 * family, titles, labels, dots, colours) do not. A table refetches only when a column was added (removing or
 * moving one keeps the rows already fetched), or when its filters changed.
 */

const filtersKey = (vis: Vis) => JSON.stringify(Array.isArray(vis.filters) ? vis.filters : []);

function chartQueryKey(vis: Vis): string {
  const chart = chartVisOf(vis);
  const buckets = CHART_BUCKETS.map((bucket) => chart[bucket].map((axis) => axis.series.map(seriesQueryKey)));
  const orderBy = chart.orderBy.map((o) => [o.value, o.operation ?? '', o.type, o.nulls ?? null]);
  return JSON.stringify([buckets, chart.tooltip.series.map(seriesQueryKey), orderBy]);
}

export function shouldRefetch(prev: Vis, next: Vis, type: UnitType): boolean {
  if (filtersKey(prev) !== filtersKey(next)) return true;
  switch (type) {
    case 'chart':
      return chartQueryKey(prev) !== chartQueryKey(next);
    case 'kpi':
      return (
        JSON.stringify(kpiVisOf(prev).kpi.map(seriesQueryKey)) !==
        JSON.stringify(kpiVisOf(next).kpi.map(seriesQueryKey))
      );
    case 'table': {
      const before = tableVisOf(prev).table;
      const seen = new Set(before.map((c) => `${c.id}:${c.feature._id}:${c.jobId ?? 'latest'}`));
      return tableVisOf(next).table.some((c) => !seen.has(`${c.id}:${c.feature._id}:${c.jobId ?? 'latest'}`));
    }
    case 'custom':
      return JSON.stringify(prev) !== JSON.stringify(next);
  }
}
