import type { ChartType, FeatureType, Series } from '@tessera/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../ui/testing.tsx';
import { SeriesSettings, type SeriesSettingsProps } from './SeriesSettings.tsx';
import { expectNumberRange, renderStateful } from './settingsTestSupport.tsx';

// Walking a number input's range types and blurs a dozen times: slow on a busy machine, not timed.
vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => void i18n.changeLanguage('en'));
afterEach(cleanup);

const base: Series = { id: 'abcdefghijklmnopqrstu', feature: { _id: `${'0'.repeat(23)}1` }, operation: '' };

function renderSeries(props: Partial<SeriesSettingsProps> = {}, series: Series = base) {
  return renderStateful(series, (value, onChange) => (
    <SeriesSettings
      series={value}
      featureType="number"
      chartType="line"
      bucket="dependent"
      {...props}
      onChange={onChange}
    />
  ));
}

async function optionsOf(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent);
}

describe('operation choices by field type', () => {
  const cases: Array<[FeatureType, Partial<SeriesSettingsProps>, string[]]> = [
    ['number', {}, ['None', 'Sum', 'Average', 'Median', 'Max', 'Min', 'Count', 'Distinct count', 'Bin', 'List']],
    ['number', { aggregated: false }, ['None', 'Bin']],
    ['category', {}, ['None', 'Count', 'Distinct count', 'List']],
    ['text', {}, ['None', 'Count', 'Distinct count', 'List']],
    [
      'date',
      { precision: 'month' },
      [
        'None',
        'Min',
        'Max',
        'Count',
        'Distinct count',
        'Year',
        'Year and quarter',
        'Quarter',
        'Year and month',
        'Month',
      ],
    ],
  ];
  it.each(cases)('%s %o offers its operations', async (featureType, props, expected) => {
    renderSeries({ featureType, ...props });
    expect(await optionsOf('Operation')).toEqual(expected);
  });

  it('offers every date part to a date of hour precision', async () => {
    renderSeries({ featureType: 'date', precision: 'hour' });
    const options = await optionsOf('Operation');
    expect(options).toContain('Time of day');
    expect(options).toContain('Day of week');
    expect(options).toHaveLength(16);
  });

  it("stores None as '' and Bin with 10 bins, then the bins input: 2 to 100, step 2, default 10", async () => {
    const state = renderSeries({}, { ...base, operation: 'sum' });
    expect(screen.queryByLabelText('Bins')).toBeNull();
    await optionsOf('Operation');
    await userEvent.click(screen.getByRole('option', { name: 'None' }));
    expect(state.latest()?.operation).toBe('');
    await optionsOf('Operation');
    await userEvent.click(screen.getByRole('option', { name: 'Bin' }));
    expect(state.latest()).toMatchObject({ operation: 'bin', numberOfBins: 10 });
    await expectNumberRange('Bins', { min: 2, max: 100, step: 2, default: 10 }, () => state.latest()?.numberOfBins);
  });
});

describe('series display', () => {
  it('dot size 4..50 step 2 default 10, line width 2..50 step 2 default 2', async () => {
    const state = renderSeries();
    await expectNumberRange(
      'Dot size',
      { min: 4, max: 50, step: 2, default: 10 },
      () => state.latest()?.display?.dotSize,
    );
    await expectNumberRange(
      'Line width',
      { min: 2, max: 50, step: 2, default: 2 },
      () => state.latest()?.display?.lineWidth,
    );
  });

  const fills: Array<[ChartType, number]> = [
    ['area', 0.6],
    ['bar', 1],
    ['scatter', 0.9],
    ['radar', 0.4],
  ];
  it.each(fills)('fill opacity of a %s series: 0..1 step 0.1, default %d', async (chartType, fill) => {
    const state = renderSeries({ chartType });
    const stored = () => state.latest()?.display?.fillOpacity;
    if (fill === 1) {
      // At the maximum already: the up arrow cannot add a step, so check from below.
      expect(Number((screen.getByLabelText('Fill opacity') as HTMLInputElement).value)).toBe(1);
      await userEvent.click(screen.getByLabelText('Fill opacity'));
      await userEvent.keyboard('{ArrowDown}');
      expect(stored()).toBeCloseTo(0.9, 6);
      return;
    }
    await expectNumberRange('Fill opacity', { min: 0, max: 1, step: 0.1, default: fill }, stored);
  });

  it('has no fill opacity on a line series, and no dots or lines on a bar series', () => {
    renderSeries({ chartType: 'line' });
    expect(screen.queryByLabelText('Fill opacity')).toBeNull();
    cleanup();
    renderSeries({ chartType: 'bar' });
    expect(screen.queryByRole('switch', { name: 'Show dots' })).toBeNull();
    expect(screen.queryByLabelText('Line width')).toBeNull();
  });

  it('disables the dot label while dots are off, and turning dots off turns the label off', async () => {
    const state = renderSeries();
    const label = screen.getByRole('switch', { name: 'Dot labels' });
    expect((label as HTMLInputElement).disabled).toBe(false);
    await userEvent.click(label);
    expect(state.latest()?.display).toMatchObject({ dotHasLabel: true });
    await userEvent.click(screen.getByRole('switch', { name: 'Show dots' }));
    expect(state.latest()?.display).toMatchObject({ hasDot: false, dotHasLabel: false });
    expect((screen.getByRole('switch', { name: 'Dot labels' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Dot labels' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Dot size') as HTMLInputElement).disabled).toBe(true);
  });

  it('stores line type and style from their choices', async () => {
    const state = renderSeries();
    await userEvent.click(screen.getByRole('radio', { name: 'Smooth' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Dotted' }));
    expect(state.latest()?.display).toMatchObject({ lineType: 'smooth', lineStyle: 'dotted' });
  });
});

describe('per-series chart type', () => {
  it('offers bar, line, area and scatter on a line-family Y axis; choosing one resets the display', async () => {
    const state = renderSeries({ chartType: 'bar' }, { ...base, display: { fillOpacity: 0.3 } });
    expect(await optionsOf('Draw as')).toEqual(['Bar', 'Line', 'Area', 'Scatter']);
    await userEvent.click(screen.getByRole('option', { name: 'Line' }));
    expect(state.latest()?.chartType).toBe('line');
    expect(state.latest()?.display).toBeUndefined();
    expect(screen.getByLabelText('Line width')).toBeTruthy();
  });

  it('is not offered on pie charts or outside the Y axis', () => {
    renderSeries({ chartType: 'pie' });
    expect(screen.queryByRole('combobox', { name: 'Draw as' })).toBeNull();
    cleanup();
    renderSeries({ chartType: 'line', bucket: 'independent' });
    expect(screen.queryByRole('combobox', { name: 'Draw as' })).toBeNull();
  });
});

describe('label, unit and colour', () => {
  it('stores the label and the unit of measure', async () => {
    const state = renderSeries();
    await userEvent.type(screen.getByRole('textbox', { name: 'Label' }), 'Revenue');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit of measure' }), '€');
    expect(state.latest()).toMatchObject({ label: 'Revenue', unitOfMeasure: '€' });
  });

  it('saves a hex colour with alpha, and shows an error without saving text that is not one', async () => {
    const onColorChange = vi.fn();
    renderWithProviders(
      <SeriesSettings
        series={base}
        featureType="number"
        chartType="line"
        bucket="dependent"
        onChange={() => {}}
        onColorChange={onColorChange}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Colour' });
    await userEvent.type(field, 'red');
    expect(screen.getByText('Type a hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa')).toBeTruthy();
    expect(onColorChange).not.toHaveBeenCalled();
    await userEvent.clear(field);
    expect(onColorChange).toHaveBeenLastCalledWith(null);
    await userEvent.type(field, '#12ab34cc');
    expect(onColorChange).toHaveBeenLastCalledWith('#12ab34cc');
    expect(onColorChange.mock.calls.every(([c]) => c === null || /^#[0-9a-f]{3,8}$/i.test(c))).toBe(true);
    expect(screen.queryByText('Type a hex colour: #rgb, #rgba, #rrggbb or #rrggbbaa')).toBeNull();
  });
});
