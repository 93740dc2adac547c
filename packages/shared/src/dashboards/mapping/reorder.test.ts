import { describe, expect, it } from 'vitest';
import type { Vis } from '../vis.ts';
import { dropFeature } from './edit.ts';
import { shouldRefetch } from './refetch.ts';
import { reorderItem } from './reorder.ts';
import { axis, CAT, chart, DATE, NUM, NUM2, series } from './testFixtures.ts';
import { chartVisOf, kpiVisOf, tableVisOf } from './visAccess.ts';

const line = chart('line', {
  independent: [axis(series(DATE, 'x'))],
  dependent: [axis(series(NUM, 'a'), series(NUM2, 'b'), series(NUM, 'c', { operation: 'sum' }))],
  orderBy: [
    { id: 'o1', value: NUM._id, type: 'ASC' },
    { id: 'o2', value: CAT._id, type: 'DESC' },
  ],
});

describe('reordering the chips of a bucket', () => {
  it.each<[string, Vis, Parameters<typeof reorderItem>[1], string, number, (vis: Vis) => string[], string[]]>([
    [
      'Y series to the front',
      line,
      { bucket: 'dependent' },
      'c',
      0,
      (v) => chartVisOf(v).dependent[0]!.series.map((s) => s.id),
      ['c', 'a', 'b'],
    ],
    [
      'Y series to the end',
      line,
      { bucket: 'dependent' },
      'a',
      9,
      (v) => chartVisOf(v).dependent[0]!.series.map((s) => s.id),
      ['b', 'c', 'a'],
    ],
    [
      'order by priority',
      line,
      { bucket: 'orderBy' },
      'o2',
      0,
      (v) => chartVisOf(v).orderBy.map((o) => o.id),
      ['o2', 'o1'],
    ],
  ])('%s', (_, vis, target, id, to, read, expected) => {
    const result = reorderItem(vis, target, id, to);
    expect(read(result.vis)).toEqual(expected);
    expect(result.refetch).toBe(true);
    expect(shouldRefetch(vis, result.vis, 'chart')).toBe(true);
  });

  it('KPIs and table columns (columns move without new data)', () => {
    let kpi: Vis = { kpi: [], filters: [] };
    for (const [f, id] of [
      [NUM, 'k1'],
      [NUM2, 'k2'],
    ] as const)
      kpi = dropFeature(kpi, { bucket: 'kpi' }, f, id).vis;
    expect(kpiVisOf(reorderItem(kpi, { bucket: 'kpi' }, 'k2', 0).vis).kpi.map((s) => s.id)).toEqual(['k2', 'k1']);
    let table: Vis = { table: [], filters: [] };
    for (const [f, id] of [
      [NUM, 'c1'],
      [CAT, 'c2'],
    ] as const)
      table = dropFeature(table, { bucket: 'table' }, f, id).vis;
    const moved = reorderItem(table, { bucket: 'table' }, 'c2', 0);
    expect(tableVisOf(moved.vis).table.map((c) => c.id)).toEqual(['c2', 'c1']);
    expect(moved.refetch).toBe(false);
  });

  it('changes nothing for an item of another bucket or its own place', () => {
    expect(reorderItem(line, { bucket: 'dependent' }, 'x', 0).vis).toBe(line);
    expect(reorderItem(line, { bucket: 'dependent' }, 'a', 0).vis).toBe(line);
    expect(reorderItem(line, { bucket: 'dependent', axis: 1 }, 'a', 0).vis).toBe(line);
  });
});
