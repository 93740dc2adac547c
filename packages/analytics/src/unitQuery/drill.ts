/**
 * "View rows" (docs/cross-filters.md): the rows behind a card, or behind one element of it, compiled as a table
 * of the drilled dataset's features read with every filter the card's answer had (dashboard, tab, card,
 * cross-filters) and the clicked element's conditions:
 *
 * - The drilled series decides the dataset and job: the clicked value's series (`seriesId`), else the card's
 *   first value series (a chart's first dependent one, a KPI's first), else its first series. Its own filters
 *   apply (its value counted only those rows); so does "its feature is not NULL" when it aggregates (an
 *   aggregate skips NULLs: a count then equals the number of rows).
 * - Each point entry (feature = values) is read as the card made that feature's value: the operation of the
 *   card's key series of that feature (a bin: the card's own bins; a date part: its range or its value), with
 *   that key series' own filters. A feature the card does not group by is compared as its raw value.
 */
import { chartSeries, isAggregation, type OrderByEntry, type PointItem, type Series } from '@tessera/shared';
import { QueryError } from '../errors.ts';
import type { DrillCondition, UnitQueryInput } from './types.ts';

export interface DrillInput {
  /** The card as its data request compiles it (vis, filters in force, cross-filters, job). */
  card: UnitQueryInput;
  seriesId?: string;
  point?: PointItem[];
  /** The features to answer (of the drilled series' dataset), in order: the rows' keys. */
  columns: string[];
  orderBy?: OrderByEntry[];
  page?: number;
  limit?: number;
  allRows?: boolean;
}

interface CardSeries {
  series: Series;
  bucket: string;
}

export const badDrill = () => new QueryError('bad-drill', 'crossFilter.seriesNotOnCard');

function seriesOf(card: UnitQueryInput): CardSeries[] {
  switch (card.type) {
    case 'chart':
      return chartSeries({
        ...card.vis,
        independent: card.vis.independent ?? [],
        dependent: card.vis.dependent ?? [],
        otherDimensions: card.vis.otherDimensions ?? [],
        gradientDimension: card.vis.gradientDimension ?? [],
        groupBy: card.vis.groupBy ?? [],
        tooltip: { series: card.vis.tooltip?.series ?? [] },
      }).map(({ bucket, series }) => ({ series, bucket }));
    case 'kpi':
      return (card.vis.kpi ?? []).map((series) => ({ series, bucket: 'kpi' }));
    case 'table':
      return (card.vis.table ?? []).map((series) => ({ series, bucket: 'table' }));
  }
}

/** The series whose dataset and job the rows are read from (see the module comment); 400 for an unknown id. */
export function drillTarget(card: UnitQueryInput, seriesId: string | undefined): Series | undefined {
  const all = seriesOf(card);
  if (seriesId) {
    const named = all.find((s) => s.series.id === seriesId);
    if (!named) throw badDrill();
    return named.series;
  }
  return (all.find((s) => s.bucket === 'dependent' || s.bucket === 'kpi') ?? all[0])?.series;
}

const isKey = (bucket: string) => bucket === 'independent' || bucket === 'groupBy';

/** The conditions of the clicked element and of the drilled series (see the module comment). */
export function drillConditions(card: UnitQueryInput, target: Series, point: PointItem[]): DrillCondition[] {
  const all = seriesOf(card);
  const conditions: DrillCondition[] = point.map(({ featureId, values }) => {
    const mapped = all.filter((s) => s.series.feature?._id === featureId);
    const key = mapped.find((s) => isKey(s.bucket)) ?? mapped.find((s) => !isAggregation(s.series.operation ?? ''));
    const operation = key?.series.operation === 'none' ? '' : (key?.series.operation ?? '');
    if (isAggregation(operation)) return { kind: 'values', featureId, operation: '', values };
    return {
      kind: 'values',
      featureId,
      operation,
      values,
      ...(operation === 'bin' ? { bins: key?.series.numberOfBins } : {}),
      ...(key && key.series !== target && key.series.filters?.length ? { keyFilters: key.series.filters } : {}),
    };
  });
  if (isAggregation(target.operation ?? '') && target.feature?._id) {
    conditions.push({ kind: 'not-null', featureId: target.feature._id });
  }
  return conditions;
}

/**
 * The drilled rows as a table card's query (`compileUnitQuery` compiles it): `columns` over the drilled series'
 * source; undefined when the card maps nothing.
 */
export function drillQueryInput(input: DrillInput): UnitQueryInput | undefined {
  const target = drillTarget(input.card, input.seriesId);
  if (!target) return undefined;
  const { card } = input;
  return {
    type: 'table',
    vis: {
      table: input.columns.map((id) => ({
        id,
        feature: { _id: id },
        ...(target.jobId ? { jobId: target.jobId } : {}),
      })),
      filters: [...(card.vis.filters ?? []), ...(target.filters ?? [])],
    },
    filters: card.filters,
    ...(card.crossFilters ? { crossFilters: card.crossFilters } : {}),
    ...(card.jobId ? { jobId: card.jobId } : {}),
    drill: drillConditions(card, target, input.point ?? []),
    ...(input.orderBy ? { orderBy: input.orderBy } : {}),
    page: input.page,
    limit: input.limit,
    allRows: input.allRows,
  } as UnitQueryInput;
}
