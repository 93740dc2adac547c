/**
 * The colour each value series of a chart takes while the card stores none for it: the one `chartOption`
 * draws it in (model.ts: the card's feature colour, else the colour scale in the series' order). Series split
 * by a group-by take their groups' colours instead, so they have none of their own here. The mapping screen's
 * colour field shows it as its placeholder.
 */
import { type ChartVis, DEFAULT_COLOR_SCHEME, schemeColors } from '@tessera/shared';

export function defaultSeriesColors(
  vis: ChartVis,
  dashboardScheme?: ChartVis['colors']['colorScheme'],
): Record<string, string> {
  if (vis.groupBy.some((axis) => axis.series.length > 0) && vis.chartType !== 'pie') return {};
  const dependents = vis.dependent.flatMap((axis) => axis.series);
  const palette = schemeColors(vis.colors?.colorScheme ?? dashboardScheme ?? DEFAULT_COLOR_SCHEME, dependents.length);
  return Object.fromEntries(
    dependents.map((series, i) => [series.id, vis.colors?.features?.[series.feature._id] ?? palette[i]]),
  );
}
