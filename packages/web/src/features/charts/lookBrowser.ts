/**
 * The browser half of the look script (look.ts bundles it with esbuild): the app's tree-shaken ECharts and
 * `chartOption`, drawing a look scenario on a canvas so that tooltips can be opened and pictured.
 */

import { chartOption } from './chartOption.ts';
import { echarts, echartsLocale } from './echartsCore.ts';
import { SCENARIOS } from './lookScenarios.ts';
import { buildInput } from './testFixtures.ts';
import type { ChartTheme } from './types.ts';

declare global {
  interface Window {
    drawScenario: (name: string, theme: ChartTheme, locale: string) => string;
    showTip: (action: Record<string, unknown>) => void;
  }
}

let chart: echarts.ECharts | undefined;

window.drawScenario = (name, theme, locale) => {
  const el = document.getElementById('c') as HTMLDivElement;
  const result = chartOption(
    buildInput(SCENARIOS[name], { width: el.clientWidth, height: el.clientHeight, theme, locale }),
  );
  if (result.verdict !== 'ok') return result.verdict;
  chart?.dispose();
  chart = echarts.init(el, null, { renderer: 'canvas', locale: echartsLocale(locale) });
  chart.setOption({ ...result.option, animation: false }, { notMerge: true });
  return 'ok';
};

window.showTip = (action) => chart?.dispatchAction({ type: 'showTip', ...action });
