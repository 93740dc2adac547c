/**
 * The settings panels show, while the vis stores nothing, what the chart renderer draws (one source of truth:
 * charts/rules.ts CHART_DEFAULTS). Each row renders a panel on an empty display, reads the value it shows, draws
 * the same vis with `chartOption` and compares.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { chartOption } from '../../charts/chartOption.ts';
import { defaultHasDotForRows } from '../../charts/rules.ts';
import { type AnyOption, buildInput, type ChartSpec, categoryRows, simpleChart } from '../../charts/testFixtures.ts';
import { AxisSettings } from './AxisSettings.tsx';
import { ChartDisplaySettings } from './ChartDisplaySettings.tsx';
import { DotsDefaultContext } from './dotsDefault.ts';
import { PolarSettings } from './PolarSettings.tsx';
import { SeriesDisplaySettings } from './SeriesDisplaySettings.tsx';

beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

function draw(spec: ChartSpec): AnyOption {
  const result = chartOption(buildInput(spec));
  if (result.verdict !== 'ok') throw new Error(result.verdict);
  return result.option as AnyOption;
}

const shownNumber = (label: string) => Number.parseFloat((screen.getByLabelText(label) as HTMLInputElement).value);
const shownSwitch = (label: string) => (screen.getByRole('switch', { name: label }) as HTMLInputElement).checked;
const noop = () => {};

describe('chart display panel vs renderer', () => {
  const renderDisplay = (spec: ChartSpec) => {
    const { vis } = buildInput(spec);
    renderWithProviders(<ChartDisplaySettings vis={vis} chartType={vis.chartType} onChange={noop} />);
    return draw(spec);
  };
  it.each<[string, ChartSpec, () => unknown, (option: AnyOption) => unknown]>([
    ['Category gap', simpleChart('bar'), () => `${shownNumber('Category gap')}%`, (o) => o.series[0].barCategoryGap],
    ['Bar gap', simpleChart('bar'), () => `${shownNumber('Bar gap')}%`, (o) => o.series[0].barGap],
    [
      'Horizontal grid lines',
      simpleChart('line'),
      () => shownSwitch('Horizontal grid lines'),
      (o) => o.yAxis[0].splitLine.show,
    ],
    [
      'Vertical grid lines',
      simpleChart('line'),
      () => shownSwitch('Vertical grid lines'),
      (o) => o.xAxis[0].splitLine.show,
    ],
  ])('%s', (_, spec, shown, drawn) => {
    const option = renderDisplay(spec);
    expect(shown()).toEqual(drawn(option));
  });
});

describe('axis panel vs renderer', () => {
  it.each<[string, (option: AnyOption) => unknown, (checked: boolean) => unknown]>([
    ['Slant labels', (o) => o.xAxis[0].axisLabel.rotate, (on) => (on ? 45 : 0)],
    ['Show title', (o) => o.xAxis[0].name !== undefined, (on) => on],
    ['Labels', (o) => o.xAxis[0].axisLabel.show, (on) => on],
    ['Reversed', (o) => o.xAxis[0].inverse, (on) => on],
    ['Zoom bar', (o) => (o.dataZoom ?? []).length > 0, (on) => on],
  ])('%s', (label, drawn, expected) => {
    const spec = simpleChart('line');
    const { vis } = buildInput(spec);
    renderWithProviders(<AxisSettings axis={vis.independent[0]!} numeric={false} onChange={noop} />);
    expect(drawn(draw(spec))).toEqual(expected(shownSwitch(label)));
  });
});

describe('pie and radar panel vs renderer', () => {
  const pieSpec = simpleChart('pie');
  it.each<[string, () => unknown, (option: AnyOption) => unknown]>([
    ['pie labels', () => shownSwitch('Labels'), (o) => o.series[0].label.show],
    ['inner radius', () => `${shownNumber('Inner radius')}%`, (o) => o.series[0].radius[0]],
    ['outer radius', () => `${shownNumber('Outer radius')}%`, (o) => o.series[0].radius[1]],
    ['start angle', () => shownNumber('Start angle'), (o) => o.series[0].startAngle],
  ])('pie %s', (_, shown, drawn) => {
    const { vis } = buildInput(pieSpec);
    renderWithProviders(<PolarSettings vis={vis} chartType="pie" onChange={noop} />);
    expect(shown()).toEqual(drawn(draw(pieSpec)));
  });

  it('two rings: each ring shows the radii it is drawn with', () => {
    const spec: ChartSpec = {
      ...pieSpec,
      series: [...pieSpec.series, { id: 'y2', role: 'dependent', axis: 1 }],
      rows: categoryRows(5, (i) => ({ y2: i })),
    };
    const { vis } = buildInput(spec);
    renderWithProviders(<PolarSettings vis={vis} chartType="pie" onChange={noop} />);
    const shown = (label: string) =>
      screen.getAllByLabelText(label).map((input) => `${Number.parseFloat((input as HTMLInputElement).value)}%`);
    const option = draw(spec);
    expect(shown('Inner radius')).toEqual(option.series.map((s: AnyOption) => s.radius[0]));
    expect(shown('Outer radius')).toEqual(option.series.map((s: AnyOption) => s.radius[1]));
  });

  it.each<[string, () => unknown, (option: AnyOption) => unknown]>([
    ['outer radius', () => `${shownNumber('Outer radius')}%`, (o) => o.radar.radius],
    ['start angle', () => shownNumber('Start angle'), (o) => o.radar.startAngle],
  ])('radar %s', (_, shown, drawn) => {
    const spec = simpleChart('radar');
    const { vis } = buildInput(spec);
    renderWithProviders(<PolarSettings vis={vis} chartType="radar" onChange={noop} />);
    expect(shown()).toEqual(drawn(draw(spec)));
  });
});

describe('series panel vs renderer', () => {
  it.each([
    ['under 200 rows: dots', 150, false],
    ['200 rows or more: no dots', 250, false],
    ['repeated X under 400 rows: dots', 300, true],
  ])('the dots rule, %s', (_, n, repeated) => {
    const rows = categoryRows(n).map((row, i) => (repeated ? { ...row, x: `c${i % 50}` } : row));
    const spec = simpleChart('line', n, { rows });
    renderWithProviders(
      <DotsDefaultContext.Provider value={defaultHasDotForRows(rows, 'x')}>
        <SeriesDisplaySettings display={{}} drawnAs="line" onChange={noop} />
      </DotsDefaultContext.Provider>,
    );
    expect(shownSwitch('Show dots')).toBe(draw(spec).series[0].showSymbol);
  });

  it.each([
    ['line', 'Line width', (o: AnyOption) => o.series[0].lineStyle.width],
    ['line', 'Dot size', (o: AnyOption) => o.series[0].symbolSize],
    ['area', 'Fill opacity', (o: AnyOption) => o.series[0].areaStyle.opacity],
    ['bar', 'Fill opacity', (o: AnyOption) => o.series[0].itemStyle.opacity],
    ['scatter', 'Fill opacity', (o: AnyOption) => o.series[0].itemStyle.opacity],
  ] as const)('%s %s', (chartType, label, drawn) => {
    renderWithProviders(<SeriesDisplaySettings display={{}} drawnAs={chartType} onChange={noop} />);
    expect(shownNumber(label)).toBe(drawn(draw(simpleChart(chartType))));
  });
});
