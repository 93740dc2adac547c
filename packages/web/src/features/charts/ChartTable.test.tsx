import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { renderWithProviders } from '../../ui/testing.tsx';
import { ChartTable } from './ChartTable.tsx';
import { buildInput } from './testFixtures.ts';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

// Mapped in an order other than the table's: the group first, then the values, then what they are by.
const input = buildInput({
  chartType: 'line',
  series: [
    { id: 'g', role: 'groupBy', valueType: 'category', label: 'year' },
    { id: 'y', role: 'dependent', label: 'temp', operation: 'avg' },
    { id: 'x', role: 'independent', valueType: 'category', label: 'city' },
  ],
  rows: [
    { x: 'Paris', y: 12.25, g: '2023' },
    { x: 'Lyon', y: null, g: '2024' },
  ],
});

describe('ChartTable', () => {
  it('heads a column per series as the chart names it, by first, and each row by its first cell', () => {
    renderWithProviders(
      <ChartTable
        label="Data of Temperatures"
        vis={input.vis}
        data={input.data}
        series={input.series}
        features={input.features}
      />,
    );
    const table = screen.getByRole('table', { name: 'Data of Temperatures' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['city', 'year', 'temp (avg)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Paris', 'Lyon']);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['2023', '12.25'],
      ['2024', '(empty)'],
    ]);
  });

  it('writes numbers and names in the UI language', async () => {
    await i18n.changeLanguage('fr');
    renderWithProviders(
      <ChartTable label="Données" vis={input.vis} data={input.data} series={input.series} features={input.features} />,
    );
    const table = screen.getByRole('table', { name: 'Données' });
    expect(within(table).getAllByRole('columnheader').at(-1)?.textContent).toBe('temp (moy.)');
    expect(within(table).getByText('12,25')).toBeTruthy();
    expect(within(table).getByText('(vide)')).toBeTruthy();
  });
});
