/**
 * Roll-ups (rollup.ts): a card answered from a summary of its source answers what the source itself answers,
 * for every shape a summary takes (a table: its total); shapes it cannot answer read the source; summaries are
 * shared between the cards and filter states they answer, and a source too small gets none; a process keeps its
 * first summary, and one asked while another is being made covers both.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { ChartVis, DashboardFilter, DataRow, KpiVis, Series, TableVis } from '@tessera/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from './engine.ts';
import { ROLLUP_GATHER_MS, ROLLUP_RELATION, type RollupPlan, rollupTables, withRollup } from './rollup.ts';
import { queryOne } from './sql.ts';
import { useTestEngine } from './testing.ts';
import {
  type CompiledUnitQuery,
  compileUnitQuery,
  runUnitQuery,
  type UnitCatalog,
  type UnitQueryInput,
} from './unitQuery/index.ts';
import { axis, chartVis, type FixtureColumn, filter, fixtureCatalog, series, writeRows } from './unitQuery/testing.ts';

/** Summaries for sources of 1,000 rows and more here; the dataset has 20,000. */
const engine = useTestEngine({ rollupMinRows: 1_000 });

const COLUMNS: FixtureColumn[] = [
  { dbName: 'c0', physicalType: 'BIGINT' },
  { dbName: 'c1', physicalType: 'DOUBLE' },
  { dbName: 'c2', physicalType: 'BIGINT' },
  { dbName: 'c3', physicalType: 'VARCHAR' },
  { dbName: 'c4', physicalType: 'VARCHAR' },
  { dbName: 'c5', physicalType: 'TIMESTAMP' },
  { dbName: 'c6', physicalType: 'VARCHAR' },
];
/** 20,000 rows: ids, amounts (every 7th empty), quantities 1..20, 5 kinds (every 11th empty), 4 regions. */
const ROWS = `(SELECT i AS c0, CASE WHEN i % 7 = 0 THEN NULL ELSE round((i * 37 % 1000) / 7.0, 2) END AS c1,
  1 + i % 20 AS c2, CASE WHEN i % 11 = 0 THEN NULL ELSE ['a', 'b', 'c', 'd', 'e'][1 + i % 5] END AS c3,
  ['north', 'south', 'east', 'west'][1 + (i // 3) % 4] AS c4, TIMESTAMP '2024-01-01' + to_seconds(i * 3600) AS c5,
  CAST(i * 13 % 997 AS VARCHAR) AS c6 FROM range(20000) r(i))`;
const FEATURES = [
  { id: 'id', dbName: 'c0', type: 'id' as const },
  { id: 'amount', dbName: 'c1', type: 'number' as const },
  { id: 'qty', dbName: 'c2', type: 'number' as const },
  { id: 'kind', dbName: 'c3', type: 'category' as const },
  { id: 'region', dbName: 'c4', type: 'category' as const },
  { id: 'day', dbName: 'c5', type: 'date' as const, precision: 'minute' as const },
  { id: 'code', dbName: 'c6', type: 'category' as const },
  /** The quantity read as a category (a type change: read through a cast). */
  { id: 'qtyText', dbName: 'c2', type: 'category' as const },
  /** The code read as a number (text cast to numbers). */
  { id: 'codeNumber', dbName: 'c6', type: 'number' as const },
].map((f) => ({ ...f, datasetId: 'sales' }));

let catalog: UnitCatalog;
let twoJobs: UnitCatalog;
let fresh: UnitCatalog;
beforeAll(async () => {
  const jobs = new Map([['j1', await writeRows(engine.dataDir, 'sales', 'j1', COLUMNS, ROWS)]]);
  catalog = fixtureCatalog([{ id: 'sales', columns: COLUMNS, jobs }], FEATURES);
  const more = `(SELECT * FROM ${ROWS} WHERE c0 < 2000)`;
  const appended = new Map([...jobs, ['j2', await writeRows(engine.dataDir, 'sales', 'j2', COLUMNS, more)]]);
  twoJobs = fixtureCatalog([{ id: 'sales', columns: COLUMNS, jobs: appended }], FEATURES);
  const other = new Map([['j3', await writeRows(engine.dataDir, 'sales', 'j3', COLUMNS, ROWS)]]);
  fresh = fixtureCatalog([{ id: 'sales', columns: COLUMNS, jobs: other }], FEATURES);
}, 30_000);

const chart = (fields: Partial<ChartVis>): UnitQueryInput => ({ type: 'chart', vis: chartVis(fields), filters: [] });
const kpi = (vis: KpiVis, filters: DashboardFilter[] = []): UnitQueryInput => ({ type: 'kpi', vis, filters });
const by = (key: string, value: string, operation: Series['operation'], fields: Partial<ChartVis> = {}) =>
  chart({ independent: axis(series(key)), dependent: axis(series(value, { operation })), ...fields });
const north = () => filter('region', 'category', 'equal', ['north']);

/** Card shapes a summary answers, each with what it groups or filters on. */
const ROLLED: Array<[string, UnitQueryInput, string[]]> = [
  ['sum by a category', by('kind', 'amount', 'sum'), ['c3']],
  ['count by a category', by('region', 'id', 'count'), ['c4']],
  ['avg by a category', by('kind', 'amount', 'avg'), ['c3']],
  ['min by a category', by('kind', 'amount', 'min'), ['c3']],
  ['max by a category', by('region', 'qty', 'max'), ['c4']],
  ['count of a text', by('region', 'kind', 'count'), ['c4']],
  ['a dashboard filter', { ...by('kind', 'amount', 'sum'), filters: [north()] }, ['c3', 'c4']],
  [
    'a filter on the key, not equal',
    { ...by('kind', 'qty', 'avg'), filters: [filter('kind', 'category', 'not-equal', ['a'])] },
    ['c3'],
  ],
  ['a card filter', by('kind', 'amount', 'sum', { filters: [north()] }), ['c3', 'c4']],
  [
    'a series filter',
    chart({
      independent: axis(series('kind')),
      dependent: axis(series('amount', { operation: 'sum', filters: [north()] }), series('qty', { operation: 'avg' })),
    }),
    ['c3', 'c4'],
  ],
  [
    'a group-by',
    chart({
      independent: axis(series('kind')),
      groupBy: axis(series('region')),
      dependent: axis(series('qty', { operation: 'sum' })),
    }),
    ['c3', 'c4'],
  ],
  [
    'a bin of a number key',
    chart({
      independent: axis(series('qty', { operation: 'bin', numberOfBins: 4 })),
      dependent: axis(series('amount', { operation: 'sum' })),
    }),
    ['c2'],
  ],
  [
    'ordered by an aggregate not shown',
    by('kind', 'amount', 'sum', { orderBy: [{ id: 'o', value: 'qty', operation: 'sum', type: 'DESC' }] }),
    ['c3'],
  ],
  [
    'a cross-filter reaching two features (either holds a value)',
    { ...by('kind', 'amount', 'sum'), crossFilters: [{ featureIds: ['kind', 'region'], values: ['a', 'north'] }] },
    ['c3', 'c4'],
  ],
  [
    'a KPI',
    kpi({ kpi: [series('amount', { operation: 'avg' }), series('id', { operation: 'count' })], filters: [] }),
    [],
  ],
  ['a KPI of a number without operation', kpi({ kpi: [series('qty')], filters: [] }), []],
  [
    'a KPI filtered to nothing',
    kpi({ kpi: [series('amount', { operation: 'sum' }), series('id', { operation: 'count' })], filters: [] }, [
      filter('region', 'category', 'equal', ['nowhere']),
    ]),
    ['c4'],
  ],
];

/** Card shapes a summary cannot answer. */
const DIRECT: Array<[string, UnitQueryInput]> = [
  ['a median', by('kind', 'amount', 'med')],
  ['a distinct count', by('kind', 'id', 'distinctCount')],
  ['a list', kpi({ kpi: [series('qty', { operation: 'list' })], filters: [] })],
  ['raw rows', chart({ independent: axis(series('id')), dependent: axis(series('amount')) })],
  ['a boxplot', chart({ chartType: 'boxplot', independent: axis(series('kind')), dependent: axis(series('amount')) })],
  ['a feature read through a cast', by('kind', 'codeNumber', 'sum')],
  ['min of a date', kpi({ kpi: [series('day', { operation: 'min' })], filters: [] })],
];

/** Table cards: their total is a summary's, their page the source's. */
const table = (fields: Partial<UnitQueryInput> = {}, vis: Partial<TableVis> = {}): UnitQueryInput =>
  ({
    type: 'table',
    vis: { table: [series('id'), series('kind'), series('amount')], filters: [], ...vis },
    filters: [],
    ...fields,
  }) as UnitQueryInput;
const TABLES: Array<[string, UnitQueryInput, string[]]> = [
  ['every row', table(), []],
  ['a dashboard filter', table({ filters: [north()] }), ['c4']],
  [
    'a card filter on a number and a sort',
    table(
      { orderBy: [{ id: 'o', value: 'amount', type: 'DESC' }] as never },
      {
        filters: [filter('qty', 'value', 'greater', 15)],
      },
    ),
    ['c2'],
  ],
  ['a filter matching nothing', table({ filters: [filter('region', 'category', 'equal', ['nowhere'])] }), ['c4']],
  ['a page past the end', table({ page: 1_000, limit: 100 }), []],
  ['a download', table({ allRows: true, filters: [north()] }), ['c4']],
  [
    'a cross-filter reaching two features',
    table({ crossFilters: [{ featureIds: ['kind', 'region'], values: ['a', 'north'] }] }),
    ['c3', 'c4'],
  ],
];

/** Rows alike but for the last bits of sums of floats (added in another order). */
function expectSame(actual: unknown, expected: unknown): void {
  if (typeof expected === 'number' && typeof actual === 'number' && !Number.isInteger(expected)) {
    expect(actual).toBeCloseTo(expected, 6);
  } else if (expected && typeof expected === 'object') {
    expect(Object.keys(actual as object).sort()).toEqual(Object.keys(expected).sort());
    for (const [k, v] of Object.entries(expected)) expectSame((actual as Record<string, unknown>)[k], v);
  } else {
    expect(actual).toEqual(expected);
  }
}

/** `run` on the card's rolled statement over its summary (made if needed); undefined when none answers. */
function onItsSummary<T>(
  compiled: CompiledUnitQuery,
  run: (c: DuckDBConnection, sql: string, params: DuckDBValue[]) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const plan = compiled.rollup as RollupPlan;
  return withRollup(plan.source, plan.dims, (table) =>
    withConnection((c) => run(c, plan.sql.replaceAll(ROLLUP_RELATION, table), plan.params)),
  );
}

describe('a card answered from a summary', () => {
  it.each(ROLLED)('answers as its source does: %s', async (_name, input, dims) => {
    const compiled = compileUnitQuery(input, catalog);
    expect(compiled.rollup?.dims).toEqual(dims);
    // With a connection of its own, a query reads its source: the reference answer.
    const direct = await withConnection((c) => runUnitQuery(compiled, c));
    const rolled = await onItsSummary(compiled, (c, sql, params) => runUnitQuery({ ...compiled, sql, params }, c));
    expect(rolled, 'made from the summary').toBeDefined();
    expectSame(rolled?.value, direct);
    expectSame(await runUnitQuery(compiled), direct);
  });

  it.each(TABLES)("a table's total is the summary's, its rows the source's: %s", async (_name, input, dims) => {
    const compiled = compileUnitQuery(input, catalog);
    expect(compiled.rollup?.dims).toEqual(dims);
    const direct = await withConnection((c) => runUnitQuery(compiled, c));
    const total = await onItsSummary(compiled, queryOne);
    expect(total, 'counted on the summary').toEqual({ value: { _n: direct.total } });
    expect(await runUnitQuery(compiled)).toEqual(direct);
  });

  it('a cross-filter reaching two features keeps the rows where either holds a value, from the summary too', async () => {
    const crossFilters = [{ featureIds: ['kind', 'region'], values: ['a', 'north'] }];
    // Worked out from ROWS: kind is 'a' when i % 5 is 0 (empty when i % 11 is 0), region 'north' when (i // 3) % 4 is 0.
    const either = Array.from({ length: 20_000 }, (_, i) => i).filter(
      (i) => (i % 5 === 0 && i % 11 !== 0) || Math.floor(i / 3) % 4 === 0,
    ).length;
    const both = Array.from({ length: 20_000 }, (_, i) => i).filter(
      (i) => i % 5 === 0 && i % 11 !== 0 && Math.floor(i / 3) % 4 === 0,
    ).length;
    expect(either).toBeGreaterThan(both);
    const compiled = compileUnitQuery(table({ crossFilters }), catalog);
    expect((await runUnitQuery(compiled)).total).toBe(either);
    expect(await onItsSummary(compiled, queryOne)).toEqual({ value: { _n: either } });
    const count = kpi({ kpi: [series('id', { operation: 'count' })], filters: [] });
    const counted = await runUnitQuery(compileUnitQuery({ ...count, crossFilters }, catalog));
    expect(Object.values(counted.data as Record<string, number>)).toEqual([either]);
  });

  it.each(DIRECT)('reads its source: %s', (_name, input) => {
    expect(compileUnitQuery(input, catalog).rollup).toBeUndefined();
  });

  it('shares summaries between cards and filter states, and makes them once', async () => {
    const before = rollupTables().length;
    const cards = [by('kind', 'amount', 'sum'), by('kind', 'qty', 'max'), by('kind', 'id', 'count')];
    const compiled = cards.flatMap((c) => [c, { ...c, filters: [north()] }]).map((c) => compileUnitQuery(c, catalog));
    await Promise.all(compiled.map((c) => runUnitQuery(c)));
    // Made already by the cases above: by kind, and by kind and region.
    expect(rollupTables().length).toBe(before);
    const answers = await Promise.all(
      ['north', 'south'].map((r) =>
        runUnitQuery(
          compileUnitQuery(
            { ...by('region', 'amount', 'sum'), filters: [filter('region', 'category', 'equal', [r])] },
            catalog,
          ),
        ),
      ),
    );
    expect(answers.map((a) => (a.data as DataRow[]).length)).toEqual([1, 1]);
    expect(rollupTables().length).toBe(before);
  });

  it("makes one summary for a dashboard's cards asking together, which answers their filter states", async () => {
    const before = rollupTables().length;
    const cards = [
      by('kind', 'amount', 'sum'),
      by('region', 'id', 'count'),
      kpi({ kpi: [series('qty')], filters: [] }),
    ];
    const compiled = cards.map((c) => compileUnitQuery(c, fresh));
    expect(compiled.map((c) => c.rollup?.dims)).toEqual([['c3'], ['c4'], []]);
    await Promise.all(compiled.map((c) => runUnitQuery(c)));
    expect(rollupTables().length).toBe(before + 1);
    const filtered = compileUnitQuery({ ...cards[0], filters: [north()] }, fresh);
    expectSame(await runUnitQuery(filtered), await withConnection((c) => runUnitQuery(filtered, c)));
    expect(rollupTables().length).toBe(before + 1);
    // Asked by another column later: one summary by the three replaces the first.
    const first = rollupTables();
    const byQuantity = compileUnitQuery(by('qty', 'amount', 'max'), fresh);
    expectSame(await runUnitQuery(byQuantity), await withConnection((c) => runUnitQuery(byQuantity, c)));
    expect(rollupTables().length).toBe(before + 1);
    expect(rollupTables()).not.toEqual(first);
    expectSame(await runUnitQuery(filtered), await withConnection((c) => runUnitQuery(filtered, c)));
    expect(rollupTables().length).toBe(before + 1);
  });

  it("makes another summary when a segment is written again at its path (a form's responses)", async () => {
    const columns = COLUMNS;
    const rows = (n: number) => `(SELECT * FROM ${ROWS} WHERE c0 < ${n})`;
    const jobs = new Map([['r1', await writeRows(engine.dataDir, 'sales', 'r1', columns, rows(5000))]]);
    const responses = fixtureCatalog([{ id: 'sales', columns, jobs }], FEATURES);
    const total = async () => {
      const compiled = compileUnitQuery(by('region', 'id', 'count'), responses);
      const count = compiled.series.find((x) => x.role === 'dependent')?.id as string;
      const rows = (await runUnitQuery(compiled)).data as DataRow[];
      return rows.reduce((sum, row) => sum + Number(row[count]), 0);
    };
    expect(await total()).toBe(5000);
    await writeRows(engine.dataDir, 'sales', 'r1', columns, rows(8000));
    expect(await total()).toBe(8000);
  });

  it("keeps the summary of a process's first card, whose ask started the engine", async () => {
    await engine.restart();
    const byKind = compileUnitQuery(by('kind', 'amount', 'sum'), catalog);
    expectSame(await runUnitQuery(byKind), await withConnection((c) => runUnitQuery(byKind, c)));
    expect(rollupTables()).toHaveLength(1);
    await runUnitQuery(byKind);
    expect(rollupTables()).toHaveLength(1);
  });

  it('makes a summary asked while another is being made by the dimensions of both', async () => {
    await engine.restart();
    // The source's rows counted first (a card by the hour: too many combinations, no summary); then the pool's 3
    // connections held: the first summary waits for one while the second card asks.
    await runUnitQuery(compileUnitQuery(by('day', 'amount', 'sum'), catalog));
    let free = () => {};
    const held = new Promise<void>((resolve) => {
      free = resolve;
    });
    const holders = [1, 2, 3].map(() => withConnection(() => held));
    const byKind = compileUnitQuery(by('kind', 'amount', 'sum'), catalog);
    const byRegion = compileUnitQuery(by('region', 'qty', 'max'), catalog);
    const first = runUnitQuery(byKind);
    await sleep(ROLLUP_GATHER_MS * 4);
    const second = runUnitQuery(byRegion);
    await sleep(ROLLUP_GATHER_MS * 4);
    free();
    await Promise.all([...holders, first, second]);
    const made = rollupTables();
    // A filter change of the first card (by kind, under a region) is answered by the summary made already.
    const filtered = compileUnitQuery({ ...by('kind', 'amount', 'sum'), filters: [north()] }, catalog);
    expectSame(await runUnitQuery(filtered), await withConnection((c) => runUnitQuery(filtered, c)));
    expect(rollupTables()).toEqual(made);
    expect(made).toHaveLength(1);
  });

  it('makes another summary for new data, and none where the combinations are too many', async () => {
    const before = rollupTables().length;
    const appended = compileUnitQuery(by('kind', 'amount', 'sum'), twoJobs);
    const answer = await runUnitQuery(appended);
    expect(rollupTables().length).toBe(before + 1);
    expectSame(answer, await withConnection((c) => runUnitQuery(appended, c)));
    // 20,000 distinct hours: the probe refuses, the card reads its source.
    const byHour = compileUnitQuery(by('day', 'amount', 'sum'), catalog);
    expect(byHour.rollup?.dims).toEqual(['c5']);
    expectSame(await runUnitQuery(byHour), await withConnection((c) => runUnitQuery(byHour, c)));
    expect(rollupTables().length).toBe(before + 1);
  });
});
