/**
 * A script (not a test) to LOOK at the charts: renders every scenario of lookScenarios.ts with ECharts'
 * server-side SVG renderer, loads each SVG into headless Chromium and screenshots it to
 * `.tmp/screens/chart-<name>.png`; draws some again on a canvas in Chromium with the app's tree-shaken ECharts
 * (lookBrowser.ts, bundled with esbuild) and opens a tooltip (`chart-tooltip-<name>.png`); then measures a
 * 10,000-point line chart: `chartOption` in Node, and ECharts' init + setOption + paint on a canvas in Chromium
 * (the main-thread task of a card).
 *
 *   npx tsx packages/web/src/features/charts/look.ts
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as echarts from 'echarts';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chartOption } from './chartOption.ts';
import { bigLine, SCENARIOS, SIZES } from './lookScenarios.ts';
import { buildInput } from './testFixtures.ts';
import type { ChartTheme } from './types.ts';

const OUT = path.resolve(import.meta.dirname, '../../../../../.tmp/screens');
const WIDTH = 600;
const HEIGHT = 320;
const BACKGROUND: Record<ChartTheme, string> = { light: '#ffffff', dark: '#242424' };

function renderSvg(name: string, theme: ChartTheme): string {
  const { width, height } = SIZES[name] ?? { width: WIDTH, height: HEIGHT };
  const input = buildInput(SCENARIOS[name], { width, height, theme });
  const result = chartOption(input);
  if (result.verdict !== 'ok') throw new Error(`${name}: ${result.verdict}`);
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  chart.setOption({ ...result.option, animation: false });
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SCENARIOS);
  for (const name of names) {
    for (const theme of ['light', 'dark'] as const) {
      if (theme === 'dark' && !['line', 'bar', 'pie', 'scatter'].includes(name)) continue;
      const svg = renderSvg(name, theme);
      await page.setViewportSize(SIZES[name] ?? { width: WIDTH, height: HEIGHT });
      await page.setContent(
        `<body style="margin:0;background:${BACKGROUND[theme]};font-family:sans-serif">${svg}</body>`,
      );
      const file = path.join(OUT, `chart-${name}${theme === 'dark' ? '-dark' : ''}.png`);
      await page.screenshot({ path: file });
      console.log(file);
    }
  }

  await lookAtTooltips(page);

  // The 10,000-point line chart.
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  const big = buildInput(bigLine(10_000), { width: WIDTH, height: HEIGHT });
  const t0 = performance.now();
  const result = chartOption(big);
  const optionMs = performance.now() - t0;
  if (result.verdict !== 'ok') throw new Error('big line not drawn');
  // Formatters are functions: the browser side gets the option without them (labels then use ECharts' own).
  const json = JSON.stringify(result.option);
  const require = createRequire(import.meta.url);
  await page.setContent('<body style="margin:0"><div id="c" style="width:600px;height:320px"></div></body>');
  await page.addScriptTag({ path: require.resolve('echarts/dist/echarts.min.js') });
  const timings = await page.evaluate((optionJson: string) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const el = document.getElementById('c') as HTMLDivElement;
      const start = performance.now();
      // biome-ignore lint/suspicious/noExplicitAny: the page's global echarts
      const chart = (window as any).echarts.init(el, null, { renderer: 'canvas' });
      chart.setOption(JSON.parse(optionJson), { notMerge: true });
      chart.getZr().flush();
      runs.push(performance.now() - start);
      chart.dispose();
    }
    return runs;
  }, json);
  console.log(
    `10,000-point line: chartOption ${optionMs.toFixed(1)} ms (Node); ECharts init+setOption+paint in Chromium: ${timings.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  await browser.close();
}

const TOOLTIPS: Array<[string, ChartTheme, string, Record<string, unknown>]> = [
  ['bar', 'light', 'en', { seriesIndex: 0, dataIndex: 2 }],
  ['line', 'dark', 'fr', { seriesIndex: 1, dataIndex: 20 }],
  ['scatter', 'light', 'en', { seriesIndex: 0, dataIndex: 5 }],
  ['pie', 'light', 'en', { seriesIndex: 1, dataIndex: 0 }],
  ['radar', 'light', 'en', { seriesIndex: 1, dataIndex: 0 }],
  ['boxplot', 'dark', 'en', { seriesIndex: 0, dataIndex: 1 }],
  ['area-stacked-100', 'light', 'fr', { seriesIndex: 0, dataIndex: 6 }],
];

async function lookAtTooltips(page: import('playwright-core').Page) {
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, 'lookBrowser.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    logLevel: 'error',
  });
  const script = bundle.outputFiles[0].text;
  for (const [name, theme, locale, action] of TOOLTIPS) {
    await page.setContent(
      `<body style="margin:0;background:${BACKGROUND[theme]};font-family:sans-serif"><div id="c" style="width:${WIDTH}px;height:${HEIGHT}px"></div></body>`,
    );
    await page.addScriptTag({ content: script });
    const verdict = await page.evaluate(
      ([n, t, l]) => window.drawScenario(n, t as ChartTheme, l),
      [name, theme, locale],
    );
    if (verdict !== 'ok') throw new Error(`${name}: ${verdict}`);
    await page.evaluate((a) => window.showTip(a), action);
    await page.waitForFunction(() => document.querySelector('#c > div:last-child')?.textContent);
    const file = path.join(OUT, `chart-tooltip-${name}.png`);
    await page.screenshot({ path: file });
    console.log(file);
  }
}

await main();
