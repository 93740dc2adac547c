import { describe, expect, it } from 'vitest';
import { DASHBOARD_LIMITS } from './constants.ts';
import { defaultChartVis, defaultVis, jsonDepth, visDatasetIds, visSchema } from './vis.ts';

const D1 = '111111111111111111111111';
const D2 = '222222222222222222222222';

describe('vis', () => {
  it('the default new chart is an area chart with every list empty', () => {
    const vis = defaultChartVis();
    expect(vis.chartType).toBe('area');
    for (const key of [
      'independent',
      'dependent',
      'otherDimensions',
      'gradientDimension',
      'groupBy',
      'orderBy',
      'filters',
    ])
      expect(vis[key], key).toEqual([]);
    expect(vis.colors).toMatchObject({ gradients: { High: '#bf444c', Low: '#f6efa6' } });
    expect(defaultVis('kpi')).toEqual({ kpi: [], filters: [] });
    expect(defaultVis('table')).toEqual({ table: [], filters: [] });
    expect(defaultVis('custom', 'markdown')).toEqual({ subtype: 'markdown', filters: [] });
  });

  it('is any JSON object up to the size and depth limits', () => {
    expect(visSchema.safeParse({ a: [1, { b: 'c' }] }).success).toBe(true);
    expect(visSchema.safeParse([1]).success).toBe(false);
    expect(visSchema.safeParse('chart').success).toBe(false);
    const big = { text: 'x'.repeat(DASHBOARD_LIMITS.visMaxBytes) };
    expect(visSchema.safeParse(big).success).toBe(false);
    // Multi-byte characters count as bytes, not characters.
    expect(visSchema.safeParse({ text: 'é'.repeat(DASHBOARD_LIMITS.visMaxBytes / 2) }).success).toBe(false);
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(jsonDepth(deep)).toBe(DASHBOARD_LIMITS.visMaxDepth + 1);
    expect(visSchema.safeParse(deep).success).toBe(false);
  });

  it('finds the datasets a vis draws on through its feature references', () => {
    const vis = {
      dependent: [{ series: [{ feature: { _id: 'f1', dataset: { _id: D2 } } }] }],
      independent: [{ series: [{ feature: { _id: 'f2', dataset: { _id: D1 } } }, { feature: { _id: 'f3' } }] }],
      table: [{ feature: { _id: 'f4', dataset: { _id: D1 } } }, { feature: { dataset: { _id: 'not-an-id' } } }],
    };
    expect(visDatasetIds(vis)).toEqual([D1, D2]);
    expect(visDatasetIds({})).toEqual([]);
    expect(visDatasetIds(null)).toEqual([]);
  });
});
