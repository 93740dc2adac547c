import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders } from '../../ui/testing.tsx';
import { ChartView } from './ChartView.tsx';
import { echarts } from './echartsCore.ts';
import { buildInput, simpleChart } from './testFixtures.ts';
import { chartPalette } from './theme.ts';

const input = (n: number, chartType: 'bar' | 'pie' = 'bar') => buildInput(simpleChart(chartType, n));

afterEach(cleanup);

type Input = ReturnType<typeof buildInput>;

/** A chart whose data switches from `first` to `second` on a button press. */
function Switcher({ first, second }: { first: Input; second: Input }) {
  const [shown, setShown] = useState(first);
  return (
    <>
      <button type="button" onClick={() => setShown(second)}>
        next
      </button>
      <ChartView {...shown} width={400} height={200} renderer="svg" />
    </>
  );
}

describe('ChartView', () => {
  it('draws the chart into its element (SVG renderer) and disposes it on unmount', async () => {
    const { vis, data, series, features } = input(4);
    const view = renderWithProviders(
      <ChartView vis={vis} data={data} series={series} features={features} width={400} height={200} renderer="svg" />,
    );
    const element = screen.getByRole('img', { name: 'Chart' });
    await waitFor(() => expect(element.querySelectorAll('svg path').length).toBeGreaterThan(4));
    const instance = echarts.getInstanceByDom(element);
    expect(instance?.getWidth()).toBe(400);
    // The option set is the whole option (the bars of the four rows).
    const option = instance?.getOption() as { series: Array<{ data: unknown[] }> };
    expect(option.series[0].data).toHaveLength(4);
    // The providers run Mantine in dark: the chart takes the dark palette.
    const textStyle = (instance?.getOption() as { textStyle?: { color?: string } } | undefined)?.textStyle;
    expect(textStyle?.color).toBe(chartPalette('dark').text);
    view.unmount();
    expect(instance?.isDisposed()).toBe(true);
  });

  it('replaces the option when the data changes (no stale series)', async () => {
    const first = buildInput({
      ...simpleChart('bar', 2),
      series: [...simpleChart('bar').series, { id: 'z', role: 'dependent' }],
      rows: [
        { x: 'a', y: 1, z: 2 },
        { x: 'b', y: 2, z: 3 },
      ],
    });
    const second = input(3);
    renderWithProviders(<Switcher first={first} second={second} />);
    const element = screen.getByRole('img', { name: 'Chart' });
    await waitFor(() => expect(echarts.getInstanceByDom(element)?.getOption()).toBeDefined());
    const before = echarts.getInstanceByDom(element)?.getOption() as { series: unknown[] };
    expect(before.series).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    await waitFor(() => {
      const option = echarts.getInstanceByDom(element)?.getOption() as { series: Array<{ data: unknown[] }> };
      expect(option.series).toHaveLength(1);
      expect(option.series[0].data).toHaveLength(3);
    });
  });

  it('draws without animation when told not to animate, whatever the option says', async () => {
    const { vis, data, series, features } = input(4);
    renderWithProviders(
      <ChartView
        vis={vis}
        data={data}
        series={series}
        features={features}
        width={400}
        height={200}
        renderer="svg"
        animate={false}
      />,
    );
    const element = screen.getByRole('img', { name: 'Chart' });
    await waitFor(() => expect(echarts.getInstanceByDom(element)?.getOption()).toBeDefined());
    expect((echarts.getInstanceByDom(element)!.getOption() as { animation?: unknown }).animation).toBe(false);
  });

  it('draws nothing and reports too much data', async () => {
    const { vis, series, features } = input(0, 'pie');
    const data = new Array(1001).fill({ x: 'a', y: 1 });
    const onTooMuchData = vi.fn();
    renderWithProviders(
      <ChartView
        vis={vis}
        data={data}
        series={series}
        features={features}
        width={400}
        height={200}
        onTooMuchData={onTooMuchData}
      />,
    );
    await waitFor(() => expect(onTooMuchData).toHaveBeenCalled());
    expect(screen.queryByRole('img', { name: 'Chart' })).toBeNull();
  });
});

describe('ChartView for screen readers', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('is named by its label and described by a summary of its data, in the UI language', async () => {
    const { vis, data, series, features } = input(3);
    const view = renderWithProviders(
      <ChartView
        label="Revenue by region"
        vis={vis}
        data={data}
        series={series}
        features={features}
        width={400}
        height={200}
        renderer="svg"
      />,
    );
    const element = screen.getByRole('img', { name: 'Revenue by region' });
    expect(element.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      screen.getByRole('img', { description: 'Bar chart of Revenue by Region: 3 values, from 0 (c0) to 20 (c2).' }),
    ).toBe(element);
    await i18n.changeLanguage('fr');
    await waitFor(() =>
      expect(
        screen.getByRole('img', {
          name: 'Revenue by region',
          description: 'Graphique en barres de Revenue par Region : 3 valeurs, de 0 (c0) à 20 (c2).',
        }),
      ).toBeTruthy(),
    );
    view.unmount();
  });

  it('has no description while nothing is mapped to draw', () => {
    const { vis, data, series, features } = buildInput({
      chartType: 'bar',
      series: [{ id: 'x', role: 'independent', valueType: 'category', label: 'Region' }],
      rows: [{ x: 'a' }],
    });
    renderWithProviders(
      <ChartView vis={vis} data={data} series={series} features={features} width={400} height={200} renderer="svg" />,
    );
    expect(screen.getByRole('img', { name: 'Chart' }).hasAttribute('aria-describedby')).toBe(false);
  });
});
