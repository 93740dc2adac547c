import { describe, expect, it } from 'vitest';
import { cardDataRequest, cardIsMapped, filtersInForce, firstCardRequest, selectedJobOf } from './cardRequests.ts';
import type { DashboardFilter } from './filters.ts';

const F = '0000000000000000000000f1';
const D = '0000000000000000000000d1';
const T = '0000000000000000000000a1';
const feature = { _id: F, dataset: { _id: D } };

describe('what a card maps', () => {
  it('reads charts, KPIs, tables and custom cards by their own buckets', () => {
    const cases: Array<[Parameters<typeof cardIsMapped>[0], boolean]> = [
      [{ type: 'table', vis: { table: [{ id: 'c1', feature }] } }, true],
      [{ type: 'table', vis: { table: [] } }, false],
      [{ type: 'chart', vis: { chartType: 'pie', dependent: [{ series: [{ id: 's1', feature }] }] } }, true],
      [{ type: 'chart', vis: { dependent: [{ series: [] }] } }, false],
      [{ type: 'kpi', vis: { kpi: [{ id: 'k', feature }] } }, true],
      [{ type: 'custom', vis: { subtype: 'markdown' } }, false],
      [{ type: 'custom', vis: { series: [{ feature }] } }, true],
      [{ type: null, vis: {} }, false],
    ];
    for (const [unit, mapped] of cases) expect(cardIsMapped(unit), JSON.stringify(unit)).toBe(mapped);
  });
});

const filter = (id: string, value?: number): DashboardFilter => ({
  _id: id,
  feature: { id: F },
  type: 'value',
  operation: 'greater',
  ...(value === undefined ? {} : { value }),
  valid: value !== undefined,
});

describe('a card data request', () => {
  it('sends only what is set, and filters without their validity flag', () => {
    const cases: Array<[Parameters<typeof cardDataRequest>[0], ReturnType<typeof cardDataRequest>]> = [
      [{}, { query: {}, body: {} }],
      [
        { tabId: T, page: 2, jobId: 'j1' },
        { query: { tabId: T, page: 2, jobId: 'j1' }, body: {} },
      ],
      [
        { tabId: null, page: 0, orderBy: [] },
        { query: {}, body: {} },
      ],
      [{ filters: [] }, { query: {}, body: { filters: [] } }],
      [
        { filters: [filter('a', 1)], orderBy: [{ id: 'c1', value: F, type: 'ASC' }] },
        {
          query: {},
          body: {
            filters: [{ _id: 'a', feature: { id: F }, type: 'value', operation: 'greater', value: 1 }],
            orderBy: [{ id: 'c1', value: F, type: 'ASC' }],
          },
        },
      ],
    ];
    for (const [args, request] of cases) expect(cardDataRequest(args)).toEqual(request);
  });

  it('opens a tab with the valid dashboard filters, then the tab’s, a table on its first page', () => {
    const inForce = filtersInForce([filter('d', 1), filter('incomplete')], [filter('t', 2)]);
    expect(inForce.map((f) => f._id)).toEqual(['d', 't']);
    expect(firstCardRequest({ type: 'table', tabId: T }, inForce).query).toEqual({ tabId: T, page: 1 });
    expect(firstCardRequest({ type: 'chart', tabId: T }, []).query).toEqual({ tabId: T });
    expect(firstCardRequest({ type: 'kpi', tabId: T }, inForce).body.filters?.map((f) => f._id)).toEqual(['d', 't']);
    // A model's selected run wrote the card's rows: the first request reads that job.
    const J = '0000000000000000000000b1';
    expect(firstCardRequest({ type: 'table', tabId: T }, [], J).query).toEqual({ tabId: T, page: 1, jobId: J });
  });
});

describe('the job a card reads', () => {
  const OTHER = '0000000000000000000000d2';
  const kpi = { vis: { kpi: [{ id: 'k', feature }] } };
  it('is the selected run’s job of one of the card’s datasets, else none (the latest data)', () => {
    const cases: Array<[Array<{ datasetId: string; jobId: string }>, string | undefined]> = [
      [[], undefined],
      [[{ datasetId: OTHER, jobId: 'j-other' }], undefined],
      [[{ datasetId: D, jobId: 'j-own' }], 'j-own'],
      [
        [
          { datasetId: OTHER, jobId: 'j-other' },
          { datasetId: D, jobId: 'j-own' },
        ],
        'j-own',
      ],
    ];
    for (const [outputs, job] of cases) expect(selectedJobOf(kpi, outputs), JSON.stringify(outputs)).toBe(job);
    expect(selectedJobOf({ vis: {} }, [{ datasetId: D, jobId: 'j-own' }])).toBeUndefined();
  });
});
