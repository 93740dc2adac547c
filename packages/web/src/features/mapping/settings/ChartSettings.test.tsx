import { type ChartType, type ChartVis, chartVisSchema, type Series } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { CHART_DEFAULTS } from '../../charts/rules.ts';
import { ChartSettings } from './ChartSettings.tsx';
import { expectNumberRange, renderStateful } from './settingsTestSupport.tsx';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

const fid = (n: number) => String(n).padStart(24, '0');
const series = (id: string, type: string, operation = ''): Series =>
  ({ id, feature: { _id: fid(id.length), type }, operation }) as Series;

function vis(chartType: ChartType, extra: Partial<ChartVis> = {}): ChartVis {
  return chartVisSchema.parse({
    chartType,
    independent: [{ series: [series('month', 'category')] }],
    dependent: [{ series: [series('sales', 'number', 'sum')] }],
    ...extra,
  });
}

function renderChart(start: ChartVis, groups: string[] = []) {
  return renderStateful(start, (value, onChange) => (
    <ChartSettings vis={value} chartType={value.chartType} groups={groups} onChange={onChange} />
  ));
}

const open = (section: string) => userEvent.click(screen.getByRole('button', { name: section }));

describe('chart display', () => {
  it('legend item gap 0..50 (default 10), and the toggles are stored', async () => {
    const state = renderChart(vis('line', { groupBy: [{ series: [series('region', 'category')] }] }));
    // Legend on by default with a group-by.
    expect((screen.getByRole('switch', { name: 'Legend' }) as HTMLInputElement).checked).toBe(true);
    await expectNumberRange(
      'Legend item gap',
      { min: 0, max: 50, step: 1, default: 10 },
      () => state.latest()?.display.legendItemGap,
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Tooltips' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Animation' }));
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(state.latest()?.display).toMatchObject({ hasTooltip: false, hasAnimation: false, stackGroups: 'all' });
    await userEvent.click(screen.getByRole('switch', { name: 'Legend' }));
    expect(screen.queryByLabelText('Legend item gap')).toBeNull();
  });

  it('legend is off by default with one series and no group-by', () => {
    renderChart(vis('area'));
    expect((screen.getByRole('switch', { name: 'Legend' }) as HTMLInputElement).checked).toBe(false);
  });

  it('bar spacing: category gap 0..50 step 2, bar gap 0..50 step 0.1; values on X or Y', async () => {
    const state = renderChart(vis('bar'));
    await expectNumberRange(
      'Category gap',
      { min: 0, max: 50, step: 2, default: 20 },
      () => state.latest()?.display.barCategoryGap,
    );
    await expectNumberRange(
      'Bar gap',
      { min: 0, max: 50, step: 0.1, default: CHART_DEFAULTS.barGap },
      () => state.latest()?.display.barGap,
    );
    await userEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Values on axis' })).getByRole('radio', { name: 'X' }),
    );
    expect(state.latest()?.display.dependentAxis).toBe('x');
    // The values now run along X: the dependent axis entry is named so.
    expect(screen.getByRole('button', { name: 'X axis' })).toBeTruthy();
  });

  it('has no bar spacing on a line chart, and grid lines only on cartesian charts', () => {
    renderChart(vis('line'));
    expect(screen.queryByLabelText('Bar gap')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Horizontal grid lines' })).toBeTruthy();
    cleanup();
    renderChart(vis('pie'));
    expect(screen.queryByRole('switch', { name: 'Horizontal grid lines' })).toBeNull();
  });
});

describe('axis settings', () => {
  it('a number axis takes fixed bounds and a log scale; a category axis does not', async () => {
    const state = renderChart(vis('line'));
    await open('Y axis');
    const panel = screen.getByRole('region', { name: 'Y axis' });
    expect(within(panel).getByRole('radio', { name: 'Log' })).toBeTruthy();
    await userEvent.click(within(panel).getByRole('combobox', { name: 'Minimum' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fixed' }));
    const minValue = within(panel).getByLabelText('Minimum value');
    await userEvent.type(minValue, '-5');
    await userEvent.click(within(panel).getByRole('radio', { name: 'Log' }));
    await userEvent.click(within(panel).getByRole('switch', { name: 'Reversed' }));
    expect(state.latest()?.dependent[0].display).toMatchObject({
      typeMin: 'fixed',
      valueMin: -5,
      scale: 'log',
      reversed: true,
    });
    await open('X axis');
    const xPanel = screen.getByRole('region', { name: 'X axis' });
    expect(within(xPanel).queryByRole('radio', { name: 'Log' })).toBeNull();
    expect(within(xPanel).queryByRole('combobox', { name: 'Minimum' })).toBeNull();
    await userEvent.type(within(xPanel).getByRole('textbox', { name: 'Title' }), 'Month');
    await userEvent.click(within(xPanel).getByRole('radio', { name: 'Opposite' }));
    expect(state.latest()?.independent[0]).toMatchObject({ title: 'Month', display: { orientation: 'opposite' } });
  });
});

describe('pie and radar (steps of 5)', () => {
  it('pie rings share 60 % of the radius; radii 0..100 and start angle step 5', async () => {
    const state = renderChart(
      vis('pie', {
        independent: [],
        dependent: [{ series: [series('a', 'number', 'sum')] }, { series: [series('bb', 'number', 'sum')] }],
      }),
    );
    await open('Pie');
    expect(screen.getByText('Ring 1')).toBeTruthy();
    const [inner1, inner2] = screen.getAllByLabelText('Inner radius') as HTMLInputElement[];
    const [outer1, outer2] = screen.getAllByLabelText('Outer radius') as HTMLInputElement[];
    expect([inner1.value, outer1.value, inner2.value, outer2.value]).toEqual(['0%', '30%', '30%', '60%']);
    await userEvent.click(outer2);
    await userEvent.keyboard('{ArrowUp}');
    expect(state.latest()?.dependent[1].display?.outerRadius).toBe(65);
    const [angle] = screen.getAllByLabelText('Start angle') as HTMLInputElement[];
    expect(angle.value).toBe('90°');
    await userEvent.click(angle);
    await userEvent.keyboard('{ArrowDown}');
    expect(state.latest()?.dependent[0].display?.startAngle).toBe(85);
    await userEvent.click(screen.getAllByRole('switch', { name: 'Labels' })[0]);
    expect(state.latest()?.dependent[0].display?.pieHasLabels).toBe(false);
  });

  it('radar outer radius default 70 and start angle default 90, steps of 5', async () => {
    const state = renderChart(vis('radar'));
    await open('Radar');
    const stored = () => state.latest()?.dependent[0].display;
    await expectNumberRange(
      'Outer radius',
      { min: 0, max: 100, step: 5, default: 70 },
      () => stored()?.radarOuterRadius,
    );
    await expectNumberRange(
      'Start angle',
      { min: -360, max: 360, step: 5, default: 90 },
      () => stored()?.radarStartAngle,
    );
  });
});

describe('colours', () => {
  it('offers the 22 named scales, a colour per group, and stores valid hex colours only', async () => {
    const state = renderChart(vis('bar', { groupBy: [{ series: [series('region', 'category')] }] }), [
      'North',
      'South',
    ]);
    await open('Colours');
    await userEvent.click(screen.getByRole('combobox', { name: 'Colour scheme' }));
    const names = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(names).toHaveLength(22);
    await userEvent.click(screen.getByRole('option', { name: 'Spectral' }));
    expect(state.latest()?.colors.colorScheme).toBe('spectral');
    const north = screen.getByRole('textbox', { name: 'North' });
    await userEvent.type(north, '#abc');
    expect(state.latest()?.colors.groups).toEqual({ North: '#abc' });
    await userEvent.type(screen.getByRole('textbox', { name: 'South' }), 'blue');
    expect(screen.getByText('Type a hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa')).toBeTruthy();
    expect(state.latest()?.colors.groups).toEqual({ North: '#abc' });
  });

  it('shows the gradient High and Low colours with the spec defaults when a gradient is mapped', async () => {
    const state = renderChart(vis('scatter', { gradientDimension: [{ series: [series('heat', 'number')] }] }));
    await open('Colours');
    const high = screen.getByRole('textbox', { name: 'High' }) as HTMLInputElement;
    expect(high.placeholder).toBe('#bf444c');
    expect((screen.getByRole('textbox', { name: 'Low' }) as HTMLInputElement).placeholder).toBe('#f6efa6');
    await userEvent.type(high, '#000000ff');
    expect(state.latest()?.colors.gradients).toEqual({ High: '#000000ff' });
    expect(screen.getByRole('switch', { name: 'Gradient legend' })).toBeTruthy();
  });
});
