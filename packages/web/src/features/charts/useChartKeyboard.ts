/**
 * Chart elements from the keyboard (docs/cross-filters.md "Keyboard"): the focused chart's arrows move a
 * highlighted element (ECharts' highlight and tooltip), Home and End go to the first and last, Enter or Space
 * selects it as a click would (shift, ctrl or ⌘ adds), Escape lets it go. The element's words ("Jul, rain: 5.6")
 * are announced in a polite live region.
 */
import type { EChartsOption } from 'echarts';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type ChartElement, chartElements, nextElement } from './chartElements.ts';
import type { echarts } from './echartsCore.ts';

interface Options {
  chart: React.RefObject<echarts.ECharts | null>;
  /** The option drawn now (undefined: nothing drawn). */
  option: EChartsOption | undefined;
  /** Enter or Space on the element of row `row` (`adding`: a modifier held). Without it the keys do nothing. */
  onSelect: ((row: number, adding: boolean) => void) | undefined;
  /** The words of an element. */
  describe: (element: ChartElement) => string;
  /** Told the focused element (undefined when there is none any more). */
  onFocusElement?: (element: ChartElement | undefined) => void;
}

export function useChartKeyboard({ chart, option, onSelect, describe, onFocusElement }: Options) {
  const elements = useMemo(() => (option ? chartElements(option) : []), [option]);
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const told = useRef(onFocusElement);
  told.current = onFocusElement;
  // A new drawing of other elements starts again from none (the same rows keep their place).
  const shape = JSON.stringify(elements.map((e) => [e.seriesIndex, e.dataIndex, e.row]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the elements' shape changes only
  useEffect(() => {
    setActive(-1);
    told.current?.(undefined);
  }, [shape]);

  const show = (element: ChartElement | undefined, instance = chart.current) => {
    if (!instance || instance.isDisposed()) return;
    instance.dispatchAction({ type: 'downplay' });
    if (!element) {
      instance.dispatchAction({ type: 'hideTip' });
      return;
    }
    const at = { seriesIndex: element.seriesIndex, dataIndex: element.dataIndex };
    instance.dispatchAction({ type: 'highlight', ...at });
    instance.dispatchAction({ type: 'showTip', ...at });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!onSelect) return;
    const next = nextElement(event.key, active, elements.length);
    if (next !== undefined) {
      event.preventDefault();
      const element = elements[next];
      setActive(next);
      show(element);
      setAnnouncement(element ? describe(element) : '');
      told.current?.(element);
      return;
    }
    const element = elements[active];
    if ((event.key === 'Enter' || event.key === ' ') && element) {
      event.preventDefault();
      onSelect(element.row, event.shiftKey || event.ctrlKey || event.metaKey);
    } else if (event.key === 'Escape' && element) {
      setActive(-1);
      show(undefined);
      setAnnouncement('');
      told.current?.(undefined);
    }
  };

  return {
    /** Whether the chart takes the keyboard (it is focusable then). */
    enabled: onSelect !== undefined && elements.length > 0,
    onKeyDown,
    /** Leaving the chart hides the tooltip; the element stays focused for the card menu's "View rows". */
    onBlur: () => chart.current && !chart.current.isDisposed() && chart.current.dispatchAction({ type: 'hideTip' }),
    /** After each drawing: the focused element is highlighted again (a new option clears highlights). */
    redraw: () => {
      if (active >= 0) show(elements[active]);
    },
    announcement,
    active: elements[active],
  };
}
