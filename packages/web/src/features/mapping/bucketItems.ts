import {
  chartVisOf,
  type DashboardFilter,
  type DropTarget,
  kpiVisOf,
  type OrderByEntry,
  type Series,
  type TableColumn,
  tableVisOf,
  type Vis,
} from '@tessera/shared';

/** What a bucket shows as chips: series (with settings), table columns, order by entries or filters. */
export type BucketItem =
  | { kind: 'series'; id: string; featureId: string; series: Series }
  | { kind: 'column'; id: string; featureId: string; column: TableColumn }
  | { kind: 'orderBy'; id: string; featureId: string; entry: OrderByEntry }
  | { kind: 'filter'; id: string; featureId: string; filter: DashboardFilter };

const ofSeries = (series: Series): BucketItem => ({
  kind: 'series',
  id: series.id,
  featureId: series.feature._id,
  series,
});

export function bucketItems(vis: Vis, target: DropTarget): BucketItem[] {
  switch (target.bucket) {
    case 'kpi':
      return kpiVisOf(vis).kpi.map(ofSeries);
    case 'table':
      return tableVisOf(vis).table.map((column) => ({
        kind: 'column',
        id: column.id,
        featureId: column.feature._id,
        column,
      }));
    case 'filters':
      return ((Array.isArray(vis.filters) ? vis.filters : []) as DashboardFilter[]).map((filter) => ({
        kind: 'filter',
        id: filter._id,
        featureId: filter.feature.id,
        filter,
      }));
    case 'orderBy':
      return chartVisOf(vis).orderBy.map((entry) => ({ kind: 'orderBy', id: entry.id, featureId: entry.value, entry }));
    case 'tooltip':
      return chartVisOf(vis).tooltip.series.map(ofSeries);
    default:
      return (chartVisOf(vis)[target.bucket][target.axis ?? 0]?.series ?? []).map(ofSeries);
  }
}
