import { CHART_TYPES, FILTER_OPERATIONS, FILTER_TYPES, OPERATIONS, unitDataSchema } from '@tessera/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CardsWorld, call, cardsWorld, savedCard } from './unitData.fixtures.ts';

/**
 * Whatever the mapping editor (or anyone holding a token) sends as an unsaved card — random vis shapes, feature
 * ids of this project, of another organization or of nothing, operations that do not fit, filters with quotes,
 * semicolons, SQL comments, unicode and huge numbers — the temporary data route answers 200 (data or a card
 * error) or 400 (a malformed request), never a 500, and every 200 has the data answer's shape.
 */
let w: CardsWorld;
let unitId: string;
let ids: string[];
beforeAll(async () => {
  w = await cardsWorld();
  unitId = (await savedCard(w, 'chart', {}))._id;
  ids = [...w.sales.features.map((f) => f._id), ...w.foreign.features.map((f) => f._id)];
});
afterAll(() => w?.t.close());

const hex24 = fc.stringMatching(/^[0-9a-f]{24}$/);
const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    "'; DROP TABLE features; --",
    '"x" OR 1=1',
    '/* comment */',
    '-- comment',
    '\\',
    '%_',
    'é漢字🙂',
    '\u0000',
    '1e309',
    '2024-02-30',
    '25:61',
    'North',
  ),
);
const nastyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER * 1024, 0, -0, 5e-324),
);
const scalar = fc.oneof(nastyText, nastyNumber, fc.boolean(), fc.constant(null));
const filterValue = fc.oneof(
  scalar,
  fc.array(fc.oneof(nastyText, nastyNumber), { maxLength: 4 }),
  fc.record(
    {
      value: scalar,
      from: scalar,
      to: scalar,
      on: scalar,
      duration: nastyNumber,
      unit: fc.constantFrom('day', 'month', 'fortnight'),
      selectedDateItems: fc.record({ part: fc.constantFrom('dow', 'month', 'x'), values: fc.array(fc.integer()) }),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('POST /api/v1/units/data with random input', () => {
  it('answers 200 or 400, never 500', async () => {
    const featureId = fc.oneof(fc.constantFrom(...ids), hex24, nastyText);
    const feature = fc.record({
      _id: featureId,
      dataset: fc.record({ _id: fc.oneof(hex24, fc.constantFrom(w.sales._id)) }),
    });
    const filter = fc.record(
      {
        _id: fc.oneof(fc.constantFrom('f1', 'f2'), nastyText),
        type: fc.oneof(fc.constantFrom(...FILTER_TYPES), nastyText),
        operation: fc.oneof(fc.constantFrom(...FILTER_OPERATIONS), nastyText),
        option: fc.constantFrom('date', 'dayOfWeek', 'month'),
        value: filterValue,
        feature: fc.record({ id: featureId }),
      },
      { requiredKeys: ['_id', 'type', 'operation', 'feature'] },
    );
    const operation = fc.oneof(fc.constantFrom(...OPERATIONS, ''), nastyText);
    const series = fc.record(
      {
        id: fc.oneof(fc.constantFrom('a', 'b', 'c'), nastyText),
        feature,
        operation,
        numberOfBins: fc.integer({ min: -5, max: 500 }),
        jobId: fc.oneof(fc.constant('latest'), hex24, nastyText),
        filters: fc.array(filter, { maxLength: 2 }),
        label: nastyText,
      },
      { requiredKeys: ['id', 'feature'] },
    );
    const axis = fc.record({ series: fc.array(series, { maxLength: 3 }) });
    const orderBy = fc.record({
      id: fc.constantFrom('o1', 'o2'),
      value: featureId,
      operation,
      type: fc.oneof(fc.constantFrom('ASC', 'DESC'), nastyText),
    });
    const chartVis = fc.record(
      {
        chartType: fc.oneof(fc.constantFrom(...CHART_TYPES), nastyText),
        independent: fc.array(axis, { maxLength: 2 }),
        dependent: fc.array(axis, { maxLength: 2 }),
        groupBy: fc.array(axis, { maxLength: 1 }),
        otherDimensions: fc.array(axis, { maxLength: 1 }),
        orderBy: fc.array(orderBy, { maxLength: 2 }),
        filters: fc.array(filter, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    const kpiVis = fc.record({ kpi: fc.array(series, { maxLength: 3 }), filters: fc.array(filter, { maxLength: 2 }) });
    const tableVis = fc.record({
      table: fc.array(fc.record({ id: fc.string({ minLength: 1 }), feature, jobId: fc.constant('latest') }), {
        maxLength: 4,
      }),
    });
    const anyVis = fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    const body = fc.record(
      {
        type: fc.oneof(fc.constantFrom('chart', 'kpi', 'table', 'custom'), nastyText),
        subtype: fc.constantFrom('comparisonKpi', 'network', 'editable', 'markdown', null),
        vis: fc.oneof(chartVis, kpiVis, tableVis, anyVis),
        filters: fc.array(filter, { maxLength: 3 }),
        orderBy: fc.array(orderBy, { maxLength: 2 }),
      },
      { requiredKeys: ['type', 'vis'] },
    );
    // Well-shaped cards (what the schemas accept), with hostile contents: these reach the compiler and DuckDB.
    const salesIds = w.sales.features.map((f) => f._id);
    const knownId = fc.oneof({ arbitrary: fc.constantFrom(...salesIds), weight: 8 }, fc.constantFrom(...ids), hex24);
    const text = (max: number) =>
      fc.oneof(
        nastyText.map((t) => t.slice(0, max)),
        fc.constantFrom('North', 'East'),
      );
    const shapedValue = fc.oneof(
      nastyNumber,
      text(1000),
      fc.array(fc.oneof(text(1000), nastyNumber), { maxLength: 4 }),
      fc.record(
        {
          value: fc.oneof(nastyNumber, text(1000), fc.constant(null)),
          from: fc.oneof(nastyNumber, text(100), fc.constant(null)),
          to: fc.oneof(nastyNumber, text(100), fc.constant(null)),
          on: fc.oneof(text(100), fc.constant(null)),
          duration: fc.oneof(nastyNumber, fc.constant(null)),
          unit: fc.constantFrom('minute', 'hour', 'day', 'week', 'month', 'year'),
          selectedDateItems: fc.record({
            part: fc.constantFrom('dow', 'month'),
            values: fc.array(fc.integer({ min: -100, max: 100 }), { maxLength: 5 }),
          }),
        },
        { requiredKeys: [] },
      ),
      fc.constant(null),
    );
    const shapedFilter = fc.record(
      {
        _id: fc.string({ minLength: 1, maxLength: 64 }),
        type: fc.constantFrom(...FILTER_TYPES),
        operation: fc.constantFrom(...FILTER_OPERATIONS),
        option: fc.constantFrom('date', 'dayOfWeek', 'month'),
        value: shapedValue,
        feature: fc.record({ id: knownId }),
      },
      { requiredKeys: ['_id', 'type', 'operation', 'feature'] },
    );
    const shapedSeries = fc.record(
      {
        id: fc.constantFrom('a', 'b', 'c', 'd'),
        feature: fc.record({ _id: knownId, dataset: fc.record({ _id: fc.constant(w.sales._id) }) }),
        operation: fc.constantFrom(...OPERATIONS, ''),
        numberOfBins: fc.integer({ min: 2, max: 100 }),
        filters: fc.array(shapedFilter, { maxLength: 2 }),
        label: text(200),
      },
      { requiredKeys: ['id', 'feature'] },
    );
    const shapedAxis = fc.record({ series: fc.array(shapedSeries, { minLength: 1, maxLength: 2 }) });
    const shapedOrder = fc.record({
      id: fc.constantFrom('a', 'b', 'o'),
      value: knownId,
      operation: fc.constantFrom(...OPERATIONS, ''),
      type: fc.constantFrom('ASC', 'DESC'),
    });
    const shapedBody = fc.oneof(
      fc.record({
        type: fc.constant('chart'),
        vis: fc.record({
          chartType: fc.constantFrom(...CHART_TYPES),
          independent: fc.array(shapedAxis, { maxLength: 1 }),
          dependent: fc.array(shapedAxis, { maxLength: 2 }),
          groupBy: fc.array(shapedAxis, { maxLength: 1 }),
          orderBy: fc.array(shapedOrder, { maxLength: 2 }),
          filters: fc.array(shapedFilter, { maxLength: 2 }),
        }),
        filters: fc.array(shapedFilter, { maxLength: 3 }),
      }),
      fc.record({
        type: fc.constant('kpi'),
        vis: fc.record({
          kpi: fc.array(shapedSeries, { maxLength: 3 }),
          filters: fc.array(shapedFilter, { maxLength: 2 }),
        }),
        filters: fc.array(shapedFilter, { maxLength: 3 }),
      }),
      fc.record({
        type: fc.constant('table'),
        vis: fc.record({
          table: fc.array(
            fc.record({
              id: fc.constantFrom('a', 'b', 'c'),
              feature: fc.record({ _id: knownId, dataset: fc.record({ _id: fc.constant(w.sales._id) }) }),
            }),
            { maxLength: 4 },
          ),
          filters: fc.array(shapedFilter, { maxLength: 2 }),
        }),
        orderBy: fc.array(shapedOrder, { maxLength: 2 }),
        filters: fc.array(shapedFilter, { maxLength: 3 }),
      }),
    );
    const query = fc.record(
      {
        page: fc.oneof(fc.integer({ min: -1, max: 3 }), nastyText),
        limit: fc.oneof(fc.integer({ min: 0, max: 2000 }), nastyText),
      },
      { requiredKeys: [] },
    );

    const shapedQuery = fc.record(
      { page: fc.integer({ min: 1, max: 3 }), limit: fc.integer({ min: 1, max: 1000 }) },
      { requiredKeys: [] },
    );
    let computed = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { arbitrary: fc.tuple(shapedBody, shapedQuery), weight: 3 },
          { arbitrary: fc.tuple(body, query), weight: 1 },
        ),
        async ([payload, q]) => {
          const params = new URLSearchParams({
            unitId,
            ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])),
          });
          const res = await call(w, w.editor)('POST', `/api/v1/units/data?${params}`, payload);
          expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
          if (res.status === 200) expect(unitDataSchema.safeParse(res.body).success).toBe(true);
          if (res.status === 200) computed++;
        },
      ),
      { numRuns: 100 },
    );
    // Most well-shaped cards reach the compiler and DuckDB (about three in four in a run of 100).
    expect(computed).toBeGreaterThan(10);
  }, 300_000);
});
