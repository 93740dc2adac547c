import type { DataRow, SeriesMeta } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import {
  type Clicked,
  clickedOfCell,
  clickedOfChartRow,
  clickedOfElement,
  clickedOfLegend,
  clickedOfRow,
  entriesFromParam,
  entriesToParam,
  legendSelects,
  pointOf,
  selectedRows,
  selectedTableRows,
  toggleEntry,
} from './crossFilterEntries.ts';

const W = 'a'.repeat(24);
const UNIT = { unitId: '1'.repeat(24), card: 'Rain by month' };
const OTHER = { unitId: '2'.repeat(24), card: 'Days by city' };
const key = (extra: Partial<SeriesMeta> = {}): SeriesMeta => ({
  id: 'x',
  role: 'independent',
  axis: 0,
  featureId: W,
  operation: '',
  valueType: 'category',
  label: 'weather',
  ...extra,
});
const value: SeriesMeta = { ...key(), id: 'y', role: 'dependent', featureId: 'b'.repeat(24), valueType: 'number' };
const format = (v: unknown) => String(v);
const clicked = (v: string): Clicked => ({ filter: { featureId: W, values: [v] }, feature: 'weather', label: v });

describe('clickedOfRow: the clicked row as the card made its key', () => {
  const cases: Array<[string, DataRow[], SeriesMeta, object | undefined]> = [
    ['a category', [{ x: 'rain', y: 3 }], key(), { featureId: W, values: ['rain'] }],
    [
      'a date part',
      [{ x: '2024-03', y: 3 }],
      key({ operation: 'year-month', valueType: 'year-month' }),
      {
        featureId: W,
        values: ['2024-03'],
        operation: 'year-month',
      },
    ],
    [
      'a bin that is not the last',
      [
        { x: 0, y: 1 },
        { x: 5, y: 2 },
      ],
      key({ operation: 'bin', valueType: 'bin', binWidth: 5 }),
      {
        featureId: W,
        range: { from: 0, to: 5 },
      },
    ],
    ['no value is a value', [{ x: null, y: 1 }], key(), { featureId: W, values: [null] }],
  ];
  it.each(cases)('%s', (_, data, meta, filter) => {
    expect(clickedOfRow(data, 0, [meta, value], () => 'weather', format)?.filter).toEqual(filter);
  });
  it('the last bin is closed; a chart without a key has no cross-filter', () => {
    const data = [
      { x: 0, y: 1 },
      { x: 5, y: 2 },
    ];
    const meta = key({ operation: 'bin', valueType: 'bin', binWidth: 5 });
    expect(clickedOfRow(data, 1, [meta, value], () => '', format)?.filter.range).toEqual({
      from: 5,
      to: 10,
      toIncluded: true,
    });
    expect(clickedOfRow([{ y: 1 }], 0, [value], () => '', format)).toBeUndefined();
  });
});

describe('toggleEntry: a card changes its own entries only, with their words', () => {
  it('select, add, remove; other cards keep theirs', () => {
    const other = toggleEntry([], OTHER, clicked('Paris'), false);
    const rain = toggleEntry(other, UNIT, clicked('rain'), false);
    expect(rain.map((e) => [e.card, e.labels])).toEqual([
      ['Days by city', ['Paris']],
      ['Rain by month', ['rain']],
    ]);
    const both = toggleEntry(rain, UNIT, clicked('sun'), true);
    expect(both[1]?.filter.values).toEqual(['rain', 'sun']);
    expect(both[1]?.labels).toEqual(['rain', 'sun']);
    expect(toggleEntry(both, UNIT, clicked('sun'), true)[1]?.labels).toEqual(['rain']);
    expect(toggleEntry(rain, UNIT, clicked('rain'), false)).toEqual(other);
  });

  it('round-trips the URL; its point and highlighted rows follow the selection', () => {
    const entries = toggleEntry([], UNIT, clicked('rain'), false);
    expect(entriesFromParam(entriesToParam(entries))).toEqual(entries);
    expect(entriesFromParam('[{"unitId":"x"}]')).toEqual([]);
    expect(pointOf(entries)).toEqual([{ featureId: W, values: ['rain'] }]);
    expect(selectedRows([{ x: 'sun' }, { x: 'rain' }], [key()], entries)).toEqual([1]);
  });
});

describe('clickedOfCell: a table cell selects its key value', () => {
  const D = 'd'.repeat(24);
  const city = key({ id: 'c', role: 'table', label: 'city', valueType: 'category' });
  const month = key({ id: 'm', role: 'table', featureId: D, operation: 'year-month', valueType: 'year-month' });
  const total: SeriesMeta = { ...value, id: 't', role: 'table', operation: 'sum' };
  const rows: DataRow[] = [
    { c: 'Paris', m: '2024-01', t: 3 },
    { c: 'Lyon', m: '2024-02', t: 5 },
  ];
  const columns = [city, month, total];

  it("a key cell gives its own value; an aggregate cell its row's first key; no key, nothing", () => {
    expect(clickedOfCell(rows, 1, 'c', columns, () => 'city', format)?.filter).toEqual({
      featureId: W,
      values: ['Lyon'],
    });
    expect(clickedOfCell(rows, 0, 'm', columns, () => 'day', format)?.filter).toEqual({
      featureId: D,
      values: ['2024-01'],
      operation: 'year-month',
    });
    expect(clickedOfCell(rows, 1, 't', columns, () => 'city', format)).toMatchObject({
      filter: { featureId: W, values: ['Lyon'] },
      label: 'Lyon',
    });
    expect(clickedOfCell(rows, 0, 't', [total], () => '', format)).toBeUndefined();
    expect(clickedOfCell([{ c: ['a', 'b'] }], 0, 'c', [city], () => '', format)).toBeUndefined();
  });

  it("highlights the rows whose key column holds the selection's values", () => {
    const byCity = toggleEntry([], UNIT, clickedOfCell(rows, 1, 'c', columns, () => 'city', format)!, false);
    expect(selectedTableRows(rows, columns, byCity)).toEqual([1]);
    const byMonth = toggleEntry([], UNIT, clickedOfCell(rows, 0, 'm', columns, () => 'day', format)!, false);
    expect(selectedTableRows(rows, columns, byMonth)).toEqual([0]);
    expect(selectedTableRows(rows, [total], byCity)).toEqual([]);
  });
});

describe('clickedOfLegend: a legend entry selects a key value where it stands for one', () => {
  const G = 'c'.repeat(24);
  const group = key({ id: 'g', role: 'groupBy', featureId: G, label: 'weather' });
  const month = key({ label: 'month' });
  const rows: DataRow[] = [
    { x: 'Jan', g: 'rain', y: 3 },
    { x: 'Jan', g: 'sun', y: 5 },
    { x: 'Feb', g: 'rain', y: 1 },
  ];
  const cases: Array<[string, SeriesMeta[], string, number, { featureId: string; values?: unknown[] } | undefined]> = [
    ['a group of a "group by" selects the group', [month, group, value], 'bar', 1, { featureId: G, values: ['sun'] }],
    ['a pie slice selects its key', [month, value], 'pie', 2, { featureId: W, values: ['Feb'] }],
    ['value series keep showing and hiding', [month, value], 'bar', 0, undefined],
    ['a group with no value is "no value"', [month, group, value], 'line', 0, { featureId: G, values: [null] }],
  ];
  it.each(cases)('%s', (_, series, chartType, row, filter) => {
    const data = filter?.values?.[0] === null ? [{ x: 'Jan', g: null, y: 1 }] : rows;
    expect(clickedOfLegend(data, row, series, chartType, () => 'weather', format)?.filter).toEqual(filter);
  });

  it('which legends select: a "group by" (a radar\'s groups too) and a pie', () => {
    expect(legendSelects([month, group, value], 'bar')).toBe(true);
    expect(legendSelects([month, value], 'pie')).toBe(true);
    expect(legendSelects([month, value, { ...value, id: 'z' }], 'line')).toBe(false);
    expect(legendSelects([month, group, value], 'radar')).toBe(true);
    expect(legendSelects([month, value, { ...value, id: 'z' }], 'radar')).toBe(false);
  });

  it("an element's View rows point names its key and its group", () => {
    const both = clickedOfElement(rows, 1, [month, group, value], 'bar', () => '', format);
    expect(pointOf(both)).toEqual([
      { featureId: W, values: ['Jan'] },
      { featureId: G, values: ['sun'] },
    ]);
    expect(clickedOfElement(rows, 1, [month, value], 'bar', () => '', format).map((c) => c.label)).toEqual(['Jan']);
  });

  it('a legend selection highlights the rows of every selected key together', () => {
    const byGroup = toggleEntry(
      [],
      UNIT,
      clickedOfLegend(rows, 0, [month, group, value], 'bar', () => '', format)!,
      false,
    );
    expect(selectedRows(rows, [month, group, value], byGroup)).toEqual([0, 2]);
    const both = toggleEntry(byGroup, UNIT, clickedOfRow(rows, 2, [month, group, value], () => '', format)!, true);
    expect(selectedRows(rows, [month, group, value], both)).toEqual([2]);
    expect(pointOf(both)).toEqual([
      { featureId: G, values: ['rain'] },
      { featureId: W, values: ['Feb'] },
    ]);
  });
});

describe('clickedOfChartRow: radars and raw scatters (docs/cross-filters.md "Radars and raw points")', () => {
  const G = 'c'.repeat(24);
  const X = 'd'.repeat(24);
  const group: SeriesMeta = { ...key(), id: 'g', role: 'groupBy', featureId: G, label: 'city' };
  const spoke = key({ id: 'x', valueType: 'category' });
  const avg: SeriesMeta = { ...value, operation: 'avg' };
  const rawX: SeriesMeta = { ...key(), id: 'x', featureId: X, valueType: 'number', label: 'wind' };
  const rawY: SeriesMeta = { ...value, operation: '' };
  const rows: DataRow[] = [
    { x: 3.5, y: 12.25, g: 'Paris' },
    { x: 1, y: 4, g: 'Lyon' },
  ];
  const at = (row: number, series: SeriesMeta[], chartType: string) =>
    clickedOfChartRow(rows, row, series, chartType, () => 'f', format)?.filter;

  it("a radar's polygon selects its group, and nothing without a group", () => {
    expect(at(1, [spoke, group, avg], 'radar')).toEqual({ featureId: G, values: ['Lyon'] });
    expect(at(0, [group, avg], 'radar')).toEqual({ featureId: G, values: ['Paris'] });
    expect(at(0, [spoke, avg], 'radar')).toBeUndefined();
    expect(clickedOfElement(rows, 1, [spoke, group, avg], 'radar', () => '', format).map((c) => c.filter)).toEqual([
      { featureId: G, values: ['Lyon'] },
    ]);
  });

  it("a raw scatter's point selects its group, else its discrete X, else nothing", () => {
    expect(at(0, [rawX, rawY, group], 'scatter')).toEqual({ featureId: G, values: ['Paris'] });
    expect(at(0, [rawX, rawY], 'scatter')).toBeUndefined();
    const categoryX = { ...rawX, valueType: 'category' };
    expect(at(1, [categoryX, rawY], 'scatter')).toEqual({ featureId: X, values: [1] });
    // An aggregated scatter selects its key, as the other charts do.
    expect(at(0, [rawX, avg], 'scatter')).toEqual({ featureId: X, values: [3.5] });
  });

  it("a raw point's View rows name every value it was drawn from", () => {
    const point = clickedOfElement(rows, 0, [rawX, rawY, group], 'scatter', () => '', format);
    expect(pointOf(point)).toEqual([
      { featureId: X, values: [3.5] },
      { featureId: value.featureId, values: [12.25] },
      { featureId: G, values: ['Paris'] },
    ]);
    expect(point.map((c) => c.label)).toEqual(['3.5', '12.25', 'Paris']);
  });

  it('a radar group selection highlights its polygon', () => {
    const own = toggleEntry(
      [],
      UNIT,
      clickedOfChartRow(rows, 1, [spoke, group, avg], 'radar', () => '', format)!,
      false,
    );
    expect(selectedRows(rows, [spoke, group, avg], own)).toEqual([1]);
  });
});
