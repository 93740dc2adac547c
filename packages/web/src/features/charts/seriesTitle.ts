/**
 * The name a chart gives a series in its axis titles, legend and tooltips (issue #20 item 2): the label the
 * user gave it, else its feature's name with its operation, as the KPI card does — "temp_max (avg)",
 * "count of weather", "date (year-month)". A series without an operation is its feature's name.
 */
import type { SeriesMeta, UnitFeature, Series as VisSeries } from '@tessera/shared';
import type { Translate } from './types.ts';

export function seriesTitle(
  meta: SeriesMeta,
  own: VisSeries | undefined,
  feature: UnitFeature | undefined,
  t: Translate,
): string {
  if (own?.label?.trim()) return own.label;
  const name = feature?.name ?? meta.label;
  const operation = meta.operation;
  if (!operation) return name;
  if (operation === 'count' || operation === 'distinctCount') return t(`seriesTitle.${operation}`, { feature: name });
  return t('seriesTitle.operation', { feature: name, operation: t(`operations.${operation}`) });
}

/** The series metas with their chart names as labels (what every option builder reads). */
export function titledSeries(
  metas: SeriesMeta[],
  visById: Map<string, VisSeries>,
  featureOf: (id: string) => UnitFeature | undefined,
  t: Translate,
): SeriesMeta[] {
  return metas.map((meta) => ({
    ...meta,
    label: seriesTitle(meta, visById.get(meta.id), featureOf(meta.featureId), t),
  }));
}
