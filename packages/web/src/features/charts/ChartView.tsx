/**
 * A chart card's drawing: hands `chartOption`'s option to ECharts (chart rendering).
 *
 * One ECharts instance per element (created once, re-created only when the language changes, disposed on
 * unmount); every change of vis, data, size, theme or colours sets the whole option again (`notMerge`), so no
 * stale series survive. The option is built while rendering and handed to ECharts in a browser task of its own
 * (then `onDrawn`): ECharts lays out and paints synchronously, and a chart of a few hundred points takes tens of
 * milliseconds there, which must not add to the task that rendered (React may run effects in it). The size
 * follows the element (ResizeObserver) unless width and height are given. The light or dark theme follows
 * Mantine's colour scheme. When the data is too much to draw the view draws nothing and calls `onTooMuchData`
 * (the card shows its placeholder). The element is named by `label` (a card's title) and described by a summary
 * of its data (chartDescription.ts) in a visually hidden text (docs/accessibility.md "Charts").
 */
import { useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { type ChartVis, chartVisSchema, type DataRow, type SeriesMeta, type UnitFeature } from '@tessera/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageCategoryColors } from './categoryColors.ts';
import { chartDescription } from './chartDescription.ts';
import { type ChartElement, rowOfElement, rowOfLegendItem } from './chartElements.ts';
import { chartOption } from './chartOption.ts';
import { withLegendEvents, withSelection } from './chartSelection.ts';
import { echarts, echartsLocale } from './echartsCore.ts';
import { nextTask } from './nextTask.ts';
import type { ChartColors, ChartOptionResult } from './types.ts';
import { useChartKeyboard } from './useChartKeyboard.ts';

export interface ChartViewProps {
  /** The chart's accessible name (a card's title); default "Chart". */
  label?: string;
  /** The unit's chart vis (parsed here; a vis that does not parse draws nothing). */
  vis: ChartVis | Record<string, unknown>;
  data: DataRow[];
  series: SeriesMeta[];
  features: UnitFeature[];
  /** Fixed size in pixels; without it the chart fills its parent. */
  width?: number;
  height?: number;
  /** The dashboard's colour scale and feature colours. */
  colors?: ChartColors;
  /** Called when the data is too much to draw (the view then renders nothing). */
  onTooMuchData?: () => void;
  /** 'canvas' (default) or 'svg'. */
  renderer?: 'canvas' | 'svg';
  /** False draws without animation whatever the option says (a page screenshotted once drawn). Default true. */
  animate?: boolean;
  /** Called each time ECharts has drawn the current option (or cleared the chart). */
  onDrawn?: () => void;
  /** A click on an element drawn from the row `row` of `data` (`adding`: shift or ctrl held). */
  onElementClick?: (row: number, adding: boolean) => void;
  /** Rows the card's selection covers: their elements stay bright, the others are dimmed. */
  selectedRows?: readonly number[];
  /**
   * A click on a legend entry standing for the row `row` (a group of a "group by", a pie's slice): given, the
   * entry selects instead of hiding its series (docs/cross-filters.md "Legend entries").
   */
  onLegendClick?: (row: number, adding: boolean) => void;
  /** The words of a chart element reached by the keyboard; default "{name}: {value}". */
  describeElement?: (element: ChartElement) => string;
  /** Told the element the keyboard focused (undefined: none). */
  onFocusElement?: (element: ChartElement | undefined) => void;
}

function useElementSize(ref: React.RefObject<HTMLDivElement | null>, fixed: { width?: number; height?: number }) {
  const [size, setSize] = useState({ width: fixed.width ?? 0, height: fixed.height ?? 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el || (fixed.width && fixed.height)) return;
    const measure = () => {
      const rect = el.getBoundingClientRect();
      setSize((old) =>
        Math.round(rect.width) === old.width && Math.round(rect.height) === old.height
          ? old
          : { width: Math.round(rect.width), height: Math.round(rect.height) },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, fixed.width, fixed.height]);
  return fixed.width && fixed.height ? { width: fixed.width, height: fixed.height } : size;
}

export function ChartView({
  label,
  vis,
  data,
  series,
  features,
  width,
  height,
  colors,
  onTooMuchData,
  renderer = 'canvas',
  animate = true,
  onDrawn,
  onElementClick,
  selectedRows,
  onLegendClick,
  describeElement,
  onFocusElement,
}: ChartViewProps) {
  const { t, i18n } = useTranslation('charts');
  const theme = useComputedColorScheme('light');
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const size = useElementSize(ref, { width, height });
  const language = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const parsed = useMemo(() => chartVisSchema.safeParse(vis), [vis]);
  // Colours compared by value: a caller building the object on every render does not redraw the chart.
  const colorsKey = JSON.stringify(colors ?? null);
  const stableColors = useMemo(() => JSON.parse(colorsKey) as ChartColors | null, [colorsKey]);

  const result: ChartOptionResult | undefined = useMemo(() => {
    if (!parsed.success) return { verdict: 'empty' };
    if (size.width <= 0 || size.height <= 0) return undefined;
    return chartOption({
      vis: parsed.data,
      data,
      series,
      features,
      width: size.width,
      height: size.height,
      theme,
      colors: stableColors ?? undefined,
      t,
      locale: language,
      categoryColors: pageCategoryColors,
    });
  }, [parsed, data, series, features, size.width, size.height, theme, stableColors, t, language]);
  const tooMuch = result?.verdict === 'too-much-data';
  // What a screen reader says after the name (docs/accessibility.md "Charts"): the data's summary, written
  // from the data the chart draws (independent of the size: not recomputed on a resize).
  const drawable = result?.verdict === 'ok';
  const description = useMemo(
    () =>
      drawable && parsed.success
        ? chartDescription({
            vis: parsed.data,
            data,
            series,
            features,
            width: 0,
            height: 0,
            theme: 'light',
            t,
            locale: language,
          })
        : '',
    [drawable, parsed, data, series, features, t, language],
  );
  const descriptionId = useId();
  const sizeNow = useRef(size);
  sizeNow.current = size;

  // One instance per element and language; disposed when the element goes.
  useEffect(() => {
    const el = ref.current;
    if (!el || tooMuch) return;
    const { width: w, height: h } = sizeNow.current;
    const instance = echarts.init(el, null, {
      renderer,
      locale: echartsLocale(language),
      // A size known already spares ECharts measuring an element that may not be laid out yet.
      width: w > 0 ? w : undefined,
      height: h > 0 ? h : undefined,
    });
    chart.current = instance;
    instance.on('click', (params) => {
      const event = (params as { event?: { event?: MouseEvent } }).event?.event;
      const adding = !!(event?.shiftKey || event?.ctrlKey || event?.metaKey);
      if (params.componentType === 'legend') {
        const row = drawnOption.current ? rowOfLegendItem(drawnOption.current, String(params.value)) : undefined;
        if (row !== undefined) legendClicked.current?.(row, adding);
        return;
      }
      const row = rowOfElement(params);
      if (row !== undefined) clicked.current?.(row, adding);
    });
    // A legend entry that selects does not hide its series: the hiding ECharts did is undone.
    instance.on('legendselectchanged', (params) => {
      const { name } = params as { name?: string };
      if (legendClicked.current && name !== undefined) instance.dispatchAction({ type: 'legendSelect', name });
    });
    return () => {
      instance.dispose();
      chart.current = null;
    };
  }, [renderer, language, tooMuch]);

  const clicked = useRef(onElementClick);
  clicked.current = onElementClick;
  const legendClicked = useRef(onLegendClick);
  legendClicked.current = onLegendClick;
  const legendSelects = onLegendClick !== undefined;
  const selectedKey = JSON.stringify(selectedRows ?? []);
  const shown = useMemo(
    () =>
      result?.verdict === 'ok'
        ? withLegendEvents(withSelection(result.option, JSON.parse(selectedKey) as number[]), legendSelects)
        : undefined,
    [result, selectedKey, legendSelects],
  );
  const drawnOption = useRef(shown);
  drawnOption.current = shown;
  const keyboard = useChartKeyboard({
    chart,
    option: shown,
    onSelect: onElementClick,
    describe: describeElement ?? ((e) => `${e.name}: ${e.value ?? ''}`),
    onFocusElement,
  });
  const redrawFocus = useRef(keyboard.redraw);
  redrawFocus.current = keyboard.redraw;
  const tellDrawn = useRef(onDrawn);
  tellDrawn.current = onDrawn;
  useEffect(() => {
    const instance = chart.current;
    if (!instance || !result) return;
    return nextTask(() => {
      if (instance.isDisposed()) return;
      if (instance.getWidth() !== size.width || instance.getHeight() !== size.height)
        instance.resize({ width: size.width, height: size.height });
      if (shown) instance.setOption(animate ? shown : { ...shown, animation: false }, { notMerge: true });
      else instance.clear();
      redrawFocus.current();
      tellDrawn.current?.();
    });
  }, [result, shown, size.width, size.height, animate]);

  // Told once each time the data becomes too much (a new callback identity alone does not call it again).
  const tellTooMuch = useRef(onTooMuchData);
  tellTooMuch.current = onTooMuchData;
  useEffect(() => {
    if (tooMuch) tellTooMuch.current?.();
  }, [tooMuch]);

  if (tooMuch) return null;
  return (
    <>
      <div
        ref={ref}
        role="img"
        aria-label={label || t('chart')}
        aria-describedby={description ? descriptionId : undefined}
        style={{ width: width ?? '100%', height: height ?? '100%', minHeight: 0, minWidth: 0 }}
        {...(keyboard.enabled
          ? {
              tabIndex: 0,
              'aria-keyshortcuts': 'ArrowLeft ArrowRight ArrowUp ArrowDown Home End Enter Space Escape',
              'data-focused-row': keyboard.active?.row,
              onKeyDown: keyboard.onKeyDown,
              onBlur: keyboard.onBlur,
            }
          : {})}
      />
      {description && <VisuallyHidden id={descriptionId}>{description}</VisuallyHidden>}
      {keyboard.enabled && (
        <VisuallyHidden aria-live="polite" data-testid="chart-focus">
          {keyboard.announcement}
        </VisuallyHidden>
      )}
    </>
  );
}
