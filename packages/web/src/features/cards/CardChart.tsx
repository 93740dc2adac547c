import { Box } from '@mantine/core';
import type { DataRow, Unit, UnitData } from '@tessera/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveUnitVis } from '../../api/units.ts';
import { CardPlaceholder, useDashboardMode } from '../canvas/index.ts';
import type { ChartElement } from '../charts/index.ts';
import {
  type Clicked,
  clickedOfChartRow,
  clickedOfElement,
  clickedOfLegend,
  legendSelects,
  selectedRows,
  useCardCrossFilter,
} from '../crossFilters/index.ts';
import { useCachedDashboardView } from '../filters/index.ts';
import { DRAWN_ATTRIBUTE } from './drawnState.ts';
import { useDrawTurn } from './drawQueue.ts';
import { chartViews, customViews, useLazyModule } from './lazyViews.ts';

interface Props {
  unit: Unit;
  data: UnitData | undefined;
  /** The body's size in pixels. */
  width: number;
  height: number;
  /** The card's height in grid rows (the placeholder's icon rule). */
  h: number | undefined;
  /** Show the chart's data as a table in place of the drawing ("Show as table"). */
  asTable?: boolean;
  /** Told the element the keyboard focused, as its key values (the card menu's "View rows" drills into it). */
  onFocusElement?: (clicked: Clicked[] | undefined) => void;
}

/** The attribute of the chart's container holding what ECharts drew (see `reportDrawnValues`). */
export const CHART_VALUES_ATTRIBUTE = 'data-values';

type Axis = { type?: unknown; data?: unknown };
type ChartViews = typeof import('./chartViews.ts');

/**
 * Writes what ECharts actually drew onto the container, so that an automated browser (an end-to-end journey;
 * `navigator.webdriver`) can read the numbers of a canvas chart: `{categories, series: [{name, data, color}]}`,
 * categories being the category axis' values (if any). Left out for people: reading the option back copies it.
 */
function reportDrawnValues(container: HTMLElement | null, views: ChartViews) {
  if (!navigator.webdriver) return;
  const target = container?.querySelector<HTMLElement>('[role="img"]');
  const instance = target ? views.echarts.getInstanceByDom(target) : undefined;
  if (!container || !instance) return;
  const option = instance.getOption() as {
    series?: Array<{ name?: unknown; data?: unknown; color?: unknown }>;
    xAxis?: Axis[];
    yAxis?: Axis[];
  };
  const categoryAxis = [...(option.xAxis ?? []), ...(option.yAxis ?? [])].find((axis) => axis.type === 'category');
  const drawn = {
    categories: categoryAxis?.data ?? null,
    series: (option.series ?? []).map((series) => ({
      name: series.name ?? null,
      data: series.data ?? [],
      color: typeof series.color === 'string' ? series.color : null,
    })),
  };
  container.setAttribute(CHART_VALUES_ATTRIBUTE, JSON.stringify(drawn));
  // Where each cartesian element was drawn (its value's pixel and its base's), so that a journey can click it.
  const points = (option.series ?? []).flatMap((series, seriesIndex) =>
    (Array.isArray(series.data) ? series.data : []).flatMap((item: unknown) => {
      const value = Array.isArray(item) ? item : (item as { value?: unknown })?.value;
      if (!Array.isArray(value) || typeof value[2] !== 'number') return [];
      const at = instance.convertToPixel({ seriesIndex }, [value[0], value[1]]) as number[] | undefined;
      const base = instance.convertToPixel({ seriesIndex }, [value[0], 0]) as number[] | undefined;
      return at && base ? [{ seriesIndex, row: value[2], x: at[0], y: at[1], baseY: base[1] }] : [];
    }),
  );
  container.setAttribute(CHART_POINTS_ATTRIBUTE, JSON.stringify(points));
  // Where each text was drawn (a legend entry, an axis label), so that a journey can click a legend entry.
  const texts = instance
    .getZr()
    .storage.getDisplayList()
    .flatMap((el) => {
      const text = (el.style as { text?: unknown } | undefined)?.text;
      if (typeof text !== 'string' || !text) return [];
      const rect = el.getBoundingRect().clone();
      const transform = el.getComputedTransform();
      if (transform) rect.applyTransform(transform);
      return [{ text, x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }];
    });
  container.setAttribute(CHART_TEXTS_ATTRIBUTE, JSON.stringify(texts));
}

/** The attribute of the chart's container holding where its texts were drawn (webdriver only). */
export const CHART_TEXTS_ATTRIBUTE = 'data-texts';

/** The attribute of the chart's container holding where its elements were drawn (webdriver only). */
export const CHART_POINTS_ATTRIBUTE = 'data-points';

/** A chart card's ECharts view (too much data gives its placeholder), or a custom card's own view. */
export function CardChart({ unit, data, width, height, h, asTable = false, onFocusElement }: Props) {
  const { canEdit, place, exporting } = useDashboardMode();
  // The dashboard's colour scale and feature colours, from the dashboard the screen shows.
  const colors = useCachedDashboardView(unit.dashboardId)?.dashboard.colors;
  const saveVis = useSaveUnitVis(unit.dashboardId);
  const { t, i18n } = useTranslation('dashboards');
  const cross = useCardCrossFilter(unit, data);
  const container = useRef<HTMLDivElement>(null);
  const [tooMuch, setTooMuch] = useState(false);
  const onTooMuchData = useCallback(() => setTooMuch(true), []);
  const custom = unit.type === 'custom';
  const chart = useLazyModule(chartViews, !custom);
  const customView = useLazyModule(customViews, custom);
  const loaded = custom ? customView !== undefined : chart !== undefined;
  const turn = useDrawTurn(loaded);
  // A new answer may fit again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new answer
  useEffect(() => setTooMuch(false), [data]);
  // Once ECharts has drawn (ChartView's onDrawn): report it, pass the turn on. Where no chart draws (a custom
  // card, or too much data), as soon as the card rendered.
  const drawn = useCallback(() => {
    if (chart) reportDrawnValues(container.current, chart);
    container.current?.setAttribute(DRAWN_ATTRIBUTE, 'true');
    turn.done();
  }, [chart, turn.done]);
  const chartDraws = !custom && !tooMuch && !asTable && data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer or size is drawn again
  useEffect(() => {
    if (turn.mayDraw && loaded && !chartDraws) drawn();
  }, [turn.mayDraw, loaded, chartDraws, drawn, data, width, height, unit.vis, asTable]);

  if (!turn.mayDraw) return null;
  if (customView) {
    return (
      <customView.CustomCardView
        unit={unit}
        data={data ?? null}
        width={width}
        height={height}
        onVisChange={canEdit ? (vis) => saveVis.mutate({ unitId: unit._id, vis }) : undefined}
      />
    );
  }
  if (!data || !chart) return null;
  const { ChartView, ChartTable } = chart;
  const rows = (Array.isArray(data.data) ? data.data : []) as DataRow[];
  // The chart's accessible name is the card's title (docs/accessibility.md "Charts").
  const title = unit.name || t('card.untitled');
  if (asTable) {
    return (
      <Box ref={container} data-testid="chart-table" w={width} h={height} style={{ overflow: 'auto' }}>
        <ChartTable
          label={t('charts:dataTable.label', { name: title })}
          vis={unit.vis}
          data={rows}
          series={data.series}
          features={data.features}
        />
      </Box>
    );
  }
  // Cross-filtering (docs/cross-filters.md): a click selects the element's value for the tab's other cards.
  // A click selects the element's key value; a legend entry its group's value, where the entries are key values.
  const chartType = (unit.vis as { chartType?: string }).chartType;
  const clickedAt = (row: number) =>
    clickedOfChartRow(rows, row, data.series, chartType, cross.featureName, cross.format);
  const elementAt = (row: number) =>
    clickedOfElement(rows, row, data.series, chartType, cross.featureName, cross.format);
  // An element that selects nothing (a raw scatter's point of a measure) is focused instead: View rows drills into it.
  const onElementClick = cross.active
    ? (row: number, adding: boolean) => {
        const clicked = clickedAt(row);
        if (clicked) cross.select(clicked, adding);
        else onFocusElement?.(elementAt(row));
      }
    : undefined;
  const onLegendClick =
    cross.active && legendSelects(data.series, chartType)
      ? (row: number, adding: boolean) =>
          cross.select(clickedOfLegend(rows, row, data.series, chartType, cross.featureName, cross.format), adding)
      : undefined;
  // The words of a keyboard-focused element: "Jul, rain: 5.6" (its key, its series, its value).
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', { maximumFractionDigits: 2 });
  // A radar's polygon has no one value ("rain"); a raw point that selects nothing is named by its X ("3, amount: 12.5").
  const describeElement = (element: ChartElement) => {
    const key = clickedAt(element.row)?.label ?? elementAt(element.row)[0]?.label;
    const named = key && key !== element.name ? `${key}, ${element.name}` : element.name;
    return element.value === undefined ? named : `${named}: ${numbers.format(element.value)}`;
  };
  const focusElement = onFocusElement
    ? (element: ChartElement | undefined) => onFocusElement(element ? elementAt(element.row) : undefined)
    : undefined;
  return (
    <Box ref={container} data-testid="chart-view" w={width} h={height}>
      {tooMuch ? (
        <CardPlaceholder code="too-much-data" unit={unit} h={h} showFinishHint={false} />
      ) : (
        <ChartView
          label={title}
          vis={unit.vis}
          data={rows}
          series={data.series}
          features={data.features}
          width={width}
          height={height}
          colors={colors}
          // The preview renderer screenshots once the cards are drawn: never mid-animation.
          animate={place.kind !== 'preview'}
          renderer={exporting ? 'svg' : 'canvas'}
          onTooMuchData={onTooMuchData}
          onDrawn={drawn}
          onElementClick={onElementClick}
          onLegendClick={onLegendClick}
          describeElement={describeElement}
          onFocusElement={focusElement}
          selectedRows={selectedRows(rows, data.series, cross.own)}
        />
      )}
    </Box>
  );
}
