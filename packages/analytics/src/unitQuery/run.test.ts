import { MAX_CARD_ROWS } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestEngine } from '../testing.ts';
import { compileUnitQuery, runUnitQuery, toCsv } from './index.ts';
import { axis, chartVis, type FixtureDataset, fixtureCatalog, series, writeFixture, writeRows } from './testing.ts';
import type { UnitCatalog, UnitQueryResult } from './types.ts';

const engine = useTestEngine();
let catalog: UnitCatalog;
/** `big`: one BIGINT column c0 holding 0 .. MAX_CARD_ROWS (MAX_CARD_ROWS + 1 rows). */
let big: UnitCatalog;
beforeAll(async () => {
  catalog = (await writeFixture(engine.dataDir)).catalog;
  const columns = [{ dbName: 'c0', physicalType: 'BIGINT' }];
  const dataset: FixtureDataset = { id: 'big', columns, jobs: new Map() };
  dataset.jobs.set(
    'b1',
    await writeRows(engine.dataDir, 'big', 'b1', columns, `(SELECT range AS c0 FROM range(${MAX_CARD_ROWS + 1}))`),
  );
  big = fixtureCatalog([dataset], [{ id: 'n', datasetId: 'big', dbName: 'c0', type: 'number' }]);
}, 60_000);

describe('too-much-data', () => {
  it('refuses a chart over MAX_CARD_ROWS rows without sending them', async () => {
    const vis = chartVis({ chartType: 'scatter', independent: axis(series('n')), dependent: axis(series('n')) });
    const compiled = compileUnitQuery({ type: 'chart', vis, filters: [] }, big);
    await expect(runUnitQuery(compiled)).rejects.toMatchObject({ code: 'too-much-data' });
  });

  it('draws the same rows once aggregated (10 bins)', async () => {
    const key = series('n', { operation: 'bin' });
    const value = series('n', { operation: 'count' });
    const vis = chartVis({ independent: axis(key), dependent: axis(value) });
    const result = await runUnitQuery(compileUnitQuery({ type: 'chart', vis, filters: [] }, big));
    const rows = result.data as Record<string, number>[];
    expect(rows.length).toBe(10);
    expect(rows.reduce((sum, r) => sum + r[value.id], 0)).toBe(MAX_CARD_ROWS + 1);
    expect(rows[0][key.id]).toBe(0);
    expect(result.series[0].binWidth).toBe(100_000);
    // Bins of 100,000: the max (1,000,000) lands in the last one, with 900,000 .. 999,999.
    expect(rows[9]).toEqual({ [key.id]: 900_000, [value.id]: 100_001 });
  });

  it('pages a big table, and refuses to download all of it', async () => {
    const vis = { table: [{ id: 'c', feature: { _id: 'n' } }], filters: [] };
    const page = await runUnitQuery(compileUnitQuery({ type: 'table', vis, filters: [], page: 3, limit: 2 }, big));
    expect(page.total).toBe(MAX_CARD_ROWS + 1);
    expect((page.data as unknown[]).length).toBe(2);
    const all = compileUnitQuery({ type: 'table', vis, filters: [], allRows: true }, big);
    await expect(runUnitQuery(all)).rejects.toMatchObject({ code: 'too-much-data' });
  });
});

describe('chart errors', () => {
  const compile = (vis: ReturnType<typeof chartVis>) => () =>
    compileUnitQuery({ type: 'chart', vis, filters: [] }, catalog);
  it.each([
    [
      'a deleted series feature',
      chartVis({ independent: axis(series('gone')), dependent: axis(series('amount')) }),
      'feature-deleted',
    ],
    [
      'a deleted order feature',
      chartVis({
        independent: axis(series('kind')),
        dependent: axis(series('amount', { operation: 'sum' })),
        orderBy: [{ id: 'o', value: 'gone', type: 'ASC' }],
      }),
      'feature-deleted',
    ],
    [
      'sum of a category',
      chartVis({ independent: axis(series('day')), dependent: axis(series('kind', { operation: 'sum' })) }),
      'bad-operation',
    ],
    [
      'a changed type',
      chartVis({ independent: axis(series('kind')), dependent: axis(series('amountText', { operation: 'avg' })) }),
      'bad-operation',
    ],
    [
      'a date part of a number',
      chartVis({
        independent: axis(series('amount', { operation: 'year' })),
        dependent: axis(series('qty', { operation: 'sum' })),
      }),
      'bad-operation',
    ],
    [
      'an unaggregated value beside an aggregated one',
      chartVis({
        independent: axis(series('kind')),
        dependent: axis(series('amount', { operation: 'sum' }), series('qty')),
      }),
      'bad-operation',
    ],
    [
      'a boxplot with an operation',
      chartVis({
        chartType: 'boxplot',
        independent: axis(series('kind')),
        dependent: axis(series('amount', { operation: 'sum' })),
      }),
      'bad-operation',
    ],
    [
      'a category value',
      chartVis({ independent: axis(series('day')), dependent: axis(series('kind')) }),
      'not-numeric',
    ],
    [
      'a list value',
      chartVis({ independent: axis(series('kind')), dependent: axis(series('note', { operation: 'list' })) }),
      'not-numeric',
    ],
    [
      'a pie of dates',
      chartVis({
        chartType: 'pie',
        groupBy: axis(series('kind')),
        dependent: axis(series('day', { operation: 'max' })),
      }),
      'not-numeric',
    ],
    [
      'a boxplot of texts',
      chartVis({ chartType: 'boxplot', independent: axis(series('kind')), dependent: axis(series('note')) }),
      'not-numeric',
    ],
    [
      'a bad bin count',
      chartVis({
        independent: axis(series('amount', { operation: 'bin', numberOfBins: 1 })),
        dependent: axis(series('qty', { operation: 'sum' })),
      }),
      'bad-operation',
    ],
  ])('%s', (_name, vis, code) => {
    expect(compile(vis)).toThrow(expect.objectContaining({ code }));
  });

  it('a count of categories is numeric', async () => {
    const key = series('day', { operation: 'year' });
    const value = series('kind', { operation: 'count' });
    const result = await runUnitQuery(
      compileUnitQuery(
        { type: 'chart', vis: chartVis({ independent: axis(key), dependent: axis(value) }), filters: [] },
        catalog,
      ),
    );
    expect((result.data as Record<string, unknown>[]).map((r) => r[value.id])).toEqual([1, 4, 1]);
  });

  it('an empty chart answers no row without a query', async () => {
    const compiled = compileUnitQuery({ type: 'chart', vis: chartVis({}), filters: [] }, catalog);
    expect(compiled.sql).toBe('');
    expect(await runUnitQuery(compiled)).toEqual({ data: [], series: [] });
  });
});

describe('toCsv', () => {
  it('writes a header and rows in series order, quoting as RFC 4180', async () => {
    const result: UnitQueryResult = {
      data: [
        { a: 'x, "y"', b: 1.5, c: null },
        { a: 'line\nbreak', b: -2, c: ['p', 'q'] },
      ],
      series: ['a', 'b', 'c'].map((id) => ({
        id,
        role: 'table',
        axis: 0,
        featureId: id,
        operation: '',
        valueType: 'text',
        label: id,
      })),
    };
    expect(toCsv(result, (id) => ({ a: 'Name', b: 'Amount, total', c: 'List' })[id] as string)).toBe(
      'Name,"Amount, total",List\n"x, ""y""",1.5,\n"line\nbreak",-2,"[""p"",""q""]"\n',
    );
  });

  it('writes cells and headers a spreadsheet would run as formulas as text (a leading quote)', () => {
    const result: UnitQueryResult = {
      data: [
        { a: '=HYPERLINK("http://evil.example")', b: -2 },
        { a: '@SUM(A1)', b: -3.5 },
        { a: '-1+cmd', b: 0 },
      ],
      series: ['a', 'b'].map((id) => ({
        id,
        role: 'table',
        axis: 0,
        featureId: id,
        operation: '',
        valueType: 'text',
        label: id,
      })),
    };
    expect(toCsv(result, (id) => (id === 'a' ? '+name' : 'amount'))).toBe(
      `'+name,amount\n"'=HYPERLINK(""http://evil.example"")",-2\n'@SUM(A1),-3.5\n'-1+cmd,0\n`,
    );
  });

  it('writes a KPI answer as one line', () => {
    const result: UnitQueryResult = {
      data: { k: 105 },
      series: [
        { id: 'k', role: 'kpi', axis: 0, featureId: 'f', operation: 'sum', valueType: 'number', label: 'Total' },
      ],
    };
    expect(toCsv(result, () => 'Total')).toBe('Total\n105\n');
  });
});
