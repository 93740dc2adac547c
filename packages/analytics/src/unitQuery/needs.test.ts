import { describe, expect, it } from 'vitest';
import { sourceKeys, unitQueryNeeds } from './needs.ts';
import { axis, chartVis, filter, series } from './testing.ts';
import type { UnitQueryInput } from './types.ts';

const DATASETS: Record<string, string> = { a: 'd1', b: 'd1', c: 'd2', t: 'd1' };
const datasetOf = (id: string) => DATASETS[id];

describe('unitQueryNeeds', () => {
  it('lists every feature a chart references, once', () => {
    const input: UnitQueryInput = {
      type: 'chart',
      vis: chartVis({
        independent: axis(series('a')),
        dependent: axis(series('b', { operation: 'sum', filters: [filter('sf', 'value', 'greater', 1)] })),
        groupBy: axis(series('c')),
        tooltip: { series: [series('t', { operation: 'count' })] },
        filters: [filter('vf', 'category', 'equal', ['x']), filter('a', 'value', 'empty')],
        orderBy: [{ id: 'o', value: 'ob', type: 'ASC' }],
      }),
      filters: [filter('df', 'text', 'contains', 'z')],
      orderBy: [{ id: 'p', value: 'rb', type: 'DESC' }],
    };
    expect(unitQueryNeeds(input).sort()).toEqual(['a', 'b', 'c', 'df', 'ob', 'rb', 'sf', 't', 'vf']);
  });

  it('lists KPI and table features', () => {
    expect(unitQueryNeeds({ type: 'kpi', vis: { kpi: [series('a')], filters: [] }, filters: [] })).toEqual(['a']);
    const table: UnitQueryInput = {
      type: 'table',
      vis: { table: [{ id: 'x', feature: { _id: 'b' } }], filters: [] },
      filters: [],
    };
    expect(unitQueryNeeds(table)).toEqual(['b']);
  });
});

describe('sourceKeys', () => {
  const vis = chartVis({
    independent: axis(series('a')),
    dependent: axis(series('b', { operation: 'sum', jobId: 'j1' }), series('c', { operation: 'sum' }), series('gone')),
    tooltip: { series: [series('t', { operation: 'count' })] },
  });

  it('answers each distinct dataset and job, latest by default; unknown features are left out', () => {
    expect(sourceKeys({ type: 'chart', vis, filters: [] }, datasetOf)).toEqual([
      { datasetId: 'd1', jobId: 'latest' },
      { datasetId: 'd1', jobId: 'j1' },
      { datasetId: 'd2', jobId: 'latest' },
    ]);
  });

  it('uses the request job for every series', () => {
    expect(sourceKeys({ type: 'chart', vis, filters: [], jobId: 'j9' }, datasetOf)).toEqual([
      { datasetId: 'd1', jobId: 'j9' },
      { datasetId: 'd2', jobId: 'j9' },
    ]);
  });

  it('answers one source for a table: its first column', () => {
    const table: UnitQueryInput = {
      type: 'table',
      vis: {
        table: [
          { id: 'x', feature: { _id: 'c' }, jobId: 'j2' },
          { id: 'y', feature: { _id: 'a' } },
        ],
        filters: [],
      },
      filters: [],
    };
    expect(sourceKeys(table, datasetOf)).toEqual([{ datasetId: 'd2', jobId: 'j2' }]);
  });
});
