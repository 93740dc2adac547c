/**
 * Properties of the card compiler over random cards (buckets, operations, features of a small catalog) and
 * random filters whose values are hostile (quotes, semicolons, comments, unicode, emoji, huge numbers,
 * NaN-like strings):
 * (a) the SQL text depends only on the card's structure: two sets of valid values give the same text;
 * (b) every quoted identifier in the SQL is a db name of the catalog;
 * (c) compiling either succeeds or throws a QueryError, and running never throws anything else;
 * (d) a card compiled also over a summary of its source (rollup.ts) answers from the summary as from the source
 *     (a table: its total).
 */
import {
  CHART_TYPES,
  type DashboardFilter,
  type FilterType,
  OPERATIONS,
  operationChoices,
  type Series,
  storedOperation,
} from '@tessera/shared';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { withConnection } from '../engine.ts';
import { QueryError } from '../errors.ts';
import type { FilterOperation } from '../filters.ts';
import { ROLLUP_RELATION, ROLLUP_ROWS, summarySelect } from '../rollup.ts';
import { queryOne } from '../sql.ts';
import { useTestEngine } from '../testing.ts';
import { compileUnitQuery, runUnitQuery } from './index.ts';
import { chartVis, FEATURES, writeFixture } from './testing.ts';
import type { UnitCatalog, UnitQueryInput } from './types.ts';

const engine = useTestEngine();
let catalog: UnitCatalog;
beforeAll(async () => {
  catalog = (await writeFixture(engine.dataDir)).catalog;
}, 30_000);

/** Runs of each property (UNIT_QUERY_RUNS to explore more). */
const RUNS = Number(process.env.UNIT_QUERY_RUNS ?? 200);
const DB_NAMES = new Set(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
const MEASURES = new Set(['sum', 'min', 'max', 'count']);
const FEATURE_IDS = [...FEATURES.map((f) => f.id), 'gone'];

const nasty = fc.oneof(
  fc.constantFrom(
    "'",
    "'; DROP TABLE t; --",
    '"c0"',
    '/* */',
    '--',
    'é',
    '😀👍',
    'NaN',
    'Infinity',
    '1e309',
    '$1',
    '?',
    '\\',
    'a\'b"c',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
);
const nonBlank = nasty.filter((s) => s.trim() !== '');
const isoDay = fc
  .date({ min: new Date('1001-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, 0, -0, 2 ** 53 + 1),
);

interface Slot {
  feature: string;
  type: FilterType;
  operation: FilterOperation;
  option?: string;
  /** Valid values of this filter. */
  valid: fc.Arbitrary<DashboardFilter['value']>;
}
const slot = (
  feature: string,
  type: FilterType,
  operation: FilterOperation,
  valid: fc.Arbitrary<unknown>,
  option?: string,
): Slot => ({
  feature,
  type,
  operation,
  option,
  valid: valid as fc.Arbitrary<DashboardFilter['value']>,
});
const SLOTS: Slot[] = [
  ...(['greater', 'less', 'equal', 'not-equal', 'greater-equal', 'less-equal'] as const).map((op) =>
    slot('amount', 'value', op, number),
  ),
  slot(
    'qty',
    'range',
    'between',
    fc.tuple(number, number).map(([a, b]) => ({ from: Math.min(a, b), to: Math.max(a, b) })),
  ),
  slot(
    'day',
    'date',
    'between',
    fc.tuple(isoDay, isoDay).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a })),
  ),
  slot(
    'day',
    'date',
    'before',
    isoDay.map((to) => ({ to })),
  ),
  slot(
    'day',
    'date',
    'after',
    isoDay.map((from) => ({ from })),
  ),
  slot(
    'day',
    'date',
    'on',
    isoDay.map((on) => ({ on })),
    'date',
  ),
  slot(
    'day',
    'date',
    'on',
    fc
      .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1 })
      .map((values) => ({ selectedDateItems: { part: 'dow', values } })),
    'dayOfWeek',
  ),
  slot(
    'day',
    'date',
    'last',
    fc.record({
      duration: fc.integer({ min: 0, max: 100_000 }),
      unit: fc.constantFrom('minute', 'hour', 'day', 'week', 'month', 'year'),
    }),
  ),
  ...(['equal', 'not-equal'] as const).map((op) =>
    slot('kind', 'category', op, fc.array(nonBlank, { minLength: 1, maxLength: 4 })),
  ),
  ...(['contains', 'begins-with', 'ends-with'] as const).map((op) => slot('kind', 'category', op, nonBlank)),
  ...(['contains', 'equal', 'begins-with', 'ends-with'] as const).map((op) => slot('note', 'text', op, nonBlank)),
  ...(['before', 'after', 'equal'] as const).map((op) =>
    slot(
      'at',
      'time',
      op,
      time.map((value) => ({ value })),
    ),
  ),
  slot(
    'at',
    'time',
    'between',
    fc.tuple(time, time).map(([from, to]) => ({ from, to })),
  ),
  slot('note', 'text', 'empty', fc.constant(undefined)),
  slot('amount', 'value', 'not-empty', fc.constant(undefined)),
  slot('target', 'value', 'greater', number),
  slot('kind', 'value', 'greater', number), // a type mismatch: bad-filter
];

/** Any value at all, of any shape a client could send. */
const anyValue = fc.oneof(
  number,
  nasty,
  fc.constantFrom(Number.NaN, null, '', '2024-02-31', '25:00'),
  fc.array(fc.oneof(nasty, number), { maxLength: 3 }),
  fc.record(
    {
      value: fc.oneof(number, nasty, fc.constant(null)),
      from: fc.oneof(number, nasty, isoDay),
      to: fc.oneof(number, nasty, isoDay),
      on: fc.oneof(nasty, isoDay),
      duration: fc.oneof(number, fc.constant(null)),
      selectedDateItems: fc.record({
        part: fc.constantFrom('dow', 'month'),
        values: fc.array(fc.integer({ min: -5, max: 40 })),
      }),
    },
    { requiredKeys: [] },
  ),
) as fc.Arbitrary<DashboardFilter['value']>;

const slotIndex = fc.nat({ max: SLOTS.length - 1 });
/** Mostly features of one dataset with an operation that fits them (else most cards would be refused). */
const SALES = FEATURES.filter((f) => f.datasetId === 'sales');
const featureAndOperation = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(...SALES).chain((f) =>
      fc.record({
        feature: fc.constant(f.id),
        operation: fc.constantFrom(...operationChoices(f.type, { precision: f.precision }).map(storedOperation)),
      }),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      feature: fc.constantFrom(...FEATURE_IDS),
      operation: fc.constantFrom('', ...OPERATIONS.filter((o) => o !== 'none')),
    }),
  },
);
const seriesShape = fc
  .record({
    fo: featureAndOperation,
    numberOfBins: fc.option(fc.integer({ min: 2, max: 100 }), { nil: undefined }),
    jobId: fc.oneof(
      { weight: 6, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('latest', 'j1', 'h1') },
    ),
    filters: fc.array(slotIndex, { maxLength: 2 }),
  })
  .map(({ fo, ...rest }) => ({ ...fo, ...rest }));
type SeriesShape = typeof seriesShape extends fc.Arbitrary<infer T> ? T : never;

const structure = fc.record({
  kind: fc.constantFrom('chart', 'chart', 'chart', 'kpi', 'table'),
  chartType: fc.constantFrom(...CHART_TYPES),
  independent: fc.array(seriesShape, { maxLength: 2 }),
  dependent: fc.array(seriesShape, { maxLength: 3 }),
  groupBy: fc.array(seriesShape, { maxLength: 1 }),
  tooltip: fc.array(seriesShape, { maxLength: 1 }),
  cardFilters: fc.array(slotIndex, { maxLength: 3 }),
  dashboardFilters: fc.array(slotIndex, { maxLength: 3 }),
  orderBy: fc.array(
    fc.record({
      feature: fc.constantFrom(...FEATURE_IDS),
      operation: fc.constantFrom('', 'sum', 'count', 'year'),
      desc: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  page: fc.integer({ min: 1, max: 3 }),
});
type Structure = typeof structure extends fc.Arbitrary<infer T> ? T : never;

/** Every filter slot the structure uses, in a fixed order. */
const slotsOf = (s: Structure) => [
  ...[...s.independent, ...s.dependent, ...s.groupBy, ...s.tooltip].flatMap((x) => x.filters),
  ...s.cardFilters,
  ...s.dashboardFilters,
];

function build(s: Structure, values: DashboardFilter['value'][]): UnitQueryInput {
  let next = 0;
  const filterOf = (index: number): DashboardFilter => {
    const { feature, type, operation, option } = SLOTS[index];
    const value = values[next++];
    return {
      _id: `f${next}`,
      type,
      operation,
      feature: { id: feature },
      ...(value !== undefined ? { value } : {}),
      ...(option ? { option } : {}),
    };
  };
  let n = 0;
  const toSeries = (x: SeriesShape): Series => ({
    id: `s${n++}`,
    feature: { _id: x.feature },
    operation: x.operation as Series['operation'],
    ...(x.numberOfBins ? { numberOfBins: x.numberOfBins } : {}),
    ...(x.jobId ? { jobId: x.jobId } : {}),
    filters: x.filters.map(filterOf),
  });
  const bucket = (xs: SeriesShape[]) => (xs.length ? [{ series: xs.map(toSeries) }] : []);
  const independent = bucket(s.independent);
  const dependent = bucket(s.dependent);
  const groupBy = bucket(s.groupBy);
  const tooltip = { series: s.tooltip.map(toSeries) };
  const filters = s.cardFilters.map(filterOf);
  const dashboard = s.dashboardFilters.map(filterOf);
  const orderBy = s.orderBy.map((o, i) => ({
    id: `o${i}`,
    value: o.feature,
    operation: o.operation as Series['operation'],
    type: o.desc ? ('DESC' as const) : ('ASC' as const),
  }));
  const all = [...(independent[0]?.series ?? []), ...(dependent[0]?.series ?? []), ...(groupBy[0]?.series ?? [])];
  if (s.kind === 'kpi') return { type: 'kpi', vis: { kpi: all, filters }, filters: dashboard };
  if (s.kind === 'table') {
    const table = all.map((x) => ({ id: x.id, feature: x.feature, ...(x.jobId ? { jobId: x.jobId } : {}) }));
    return { type: 'table', vis: { table, filters }, filters: dashboard, orderBy, page: s.page, limit: 2 };
  }
  return {
    type: 'chart',
    vis: chartVis({ chartType: s.chartType, independent, dependent, groupBy, tooltip, filters, orderBy }),
    filters: dashboard,
  };
}

type Outcome = { sql: string; countSql?: string; rolled?: string } | { code: string };
function compileOutcome(input: UnitQueryInput): Outcome {
  try {
    const compiled = compileUnitQuery(input, catalog);
    return { sql: compiled.sql, countSql: compiled.countSql, rolled: compiled.rollup?.sql };
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    if (process.env.UNIT_QUERY_DEBUG) console.log(error.code, error.message);
    return { code: error.code };
  }
}

/** Numbers rounded to 9 significant digits: sums of floats added in another order differ in their last bits. */
function roundFloats(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(9));
  if (Array.isArray(value)) return value.map(roundFloats);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundFloats(v)]));
  }
  return value;
}

function quotedIdentifiers(sql: string): string[] {
  return [...sql.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
}

describe('unitQuery properties', () => {
  it('(a) the SQL text is the same when only valid values change; (b) quoted identifiers are catalog names', () => {
    let compiled = 0;
    const arb = structure.chain((s) => {
      const valid = fc.tuple(...slotsOf(s).map((i) => SLOTS[i].valid));
      return fc.tuple(fc.constant(s), valid, valid);
    });
    fc.assert(
      fc.property(arb, ([s, v1, v2]) => {
        const one = compileOutcome(build(s, v1));
        const two = compileOutcome(build(s, v2));
        expect(two).toEqual(one);
        if ('sql' in one) {
          compiled++;
          for (const name of [...quotedIdentifiers(one.sql), ...quotedIdentifiers(one.countSql ?? '')]) {
            expect(DB_NAMES.has(name)).toBe(true);
          }
          // A statement over a summary names its columns, their measures and the summary.
          for (const name of quotedIdentifiers(one.rolled ?? '')) {
            const [column, measure] = name.split(':');
            const known = DB_NAMES.has(column) && (measure === undefined || MEASURES.has(measure));
            expect(known || [ROLLUP_RELATION, ROLLUP_ROWS].includes(`"${name}"`), name).toBe(true);
          }
        }
      }),
      { numRuns: RUNS * 1.5 },
    );
    expect(compiled).toBeGreaterThan(30);
  });

  it('(c) compiling throws only QueryErrors, and running never throws anything else', async () => {
    const arb = structure.chain((s) =>
      fc.tuple(fc.constant(s), fc.tuple(...slotsOf(s).map(() => fc.oneof(anyValue, fc.constant(undefined))))),
    );
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(arb, async ([s, values]) => {
        let compiled: ReturnType<typeof compileUnitQuery>;
        try {
          compiled = compileUnitQuery(build(s, values), catalog);
        } catch (error) {
          expect(error).toBeInstanceOf(QueryError);
          return;
        }
        try {
          await runUnitQuery(compiled);
          ran++;
        } catch (error) {
          expect(error).toBeInstanceOf(QueryError);
        }
      }),
      { numRuns: RUNS },
    );
    // The random cards are not all refused: enough of them compile and run to make (c) mean something.
    expect(ran).toBeGreaterThan(20);
  }, 60_000);

  it('(d) a card that a summary answers answers as its source does', async () => {
    const arb = structure.chain((s) =>
      fc.tuple(fc.constant(s), fc.tuple(...slotsOf(s).map((i) => fc.oneof(SLOTS[i].valid, fc.constant(undefined))))),
    );
    let rolled = 0;
    await fc.assert(
      fc.asyncProperty(arb, async ([s, values]) => {
        let compiled: ReturnType<typeof compileUnitQuery>;
        try {
          compiled = compileUnitQuery(build(s, values), catalog);
        } catch {
          return;
        }
        const plan = compiled.rollup;
        if (!plan) return;
        await withConnection(async (c) => {
          const direct = await runUnitQuery(compiled, c).catch((error: QueryError) => error.code);
          await c.run(`CREATE OR REPLACE TEMP TABLE _summary AS ${summarySelect(plan.source, plan.dims)}`);
          const sql = plan.sql.replaceAll(ROLLUP_RELATION, '_summary');
          if (compiled.kind === 'table') {
            // A table's rolled statement is its total; its page always reads the source.
            const total = await queryOne(c, sql, plan.params).then(
              (row) => row._n,
              (error: QueryError) => error.code,
            );
            expect(total).toEqual(typeof direct === 'string' ? direct : direct.total);
          } else {
            const fromSummary = await runUnitQuery({ ...compiled, sql, params: plan.params }, c).catch(
              (error: QueryError) => error.code,
            );
            expect(roundFloats(fromSummary)).toEqual(roundFloats(direct));
          }
        });
        rolled++;
      }),
      // Few random cards are ones a summary answers (one dataset, plain features, sums, counts...): more runs.
      { numRuns: RUNS * 5 },
    );
    expect(rolled).toBeGreaterThan(4);
  }, 60_000);
});
