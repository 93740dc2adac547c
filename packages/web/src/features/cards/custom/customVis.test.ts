import type { UnitData } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { editableTableOf, kpiChange, kpiValue, safeImageUrl, subtypeOf } from './customVis.ts';
import { networkGraph } from './networkGraph.ts';

const answer = (data: UnitData['data']): UnitData => ({
  data,
  series: [],
  features: [],
  pages: null,
  jobId: null,
  error: null,
});

describe('custom vis readers', () => {
  it('classifies subtypes: with a UI, without one (mapUnit, dash), unknown', () => {
    expect(subtypeOf({ subtype: 'markdown', vis: {} })).toEqual({ kind: 'mappable', subtype: 'markdown' });
    expect(subtypeOf({ subtype: null, vis: { subtype: 'network' } })).toEqual({ kind: 'mappable', subtype: 'network' });
    expect(subtypeOf({ subtype: 'mapUnit', vis: {} })).toEqual({ kind: 'noUi' });
    expect(subtypeOf({ subtype: 'dash', vis: {} })).toEqual({ kind: 'noUi' });
    expect(subtypeOf({ subtype: null, vis: { subtype: 'sparkle' } })).toEqual({ kind: 'unknown' });
    expect(subtypeOf({ subtype: null, vis: {} })).toEqual({ kind: 'unknown' });
  });

  it('loads images over https only', () => {
    expect(safeImageUrl(' https://cdn.example.com/logo.png ')).toBe('https://cdn.example.com/logo.png');
    for (const bad of [
      'http://example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/local.png',
      '',
    ]) {
      expect(safeImageUrl(bad)).toBeNull();
    }
  });

  it('reads KPI values by series id and computes the change', () => {
    const data = answer({ a: 120, b: '100', c: null });
    expect(kpiValue(data, { id: 'a', feature: { _id: 'x' } })).toBe(120);
    expect(kpiValue(data, { id: 'b', feature: { _id: 'x' } })).toBe(100);
    expect(kpiValue(data, { id: 'c', feature: { _id: 'x' } })).toBeNull();
    expect(kpiValue(answer([]), { id: 'a', feature: { _id: 'x' } })).toBeNull();
    expect(kpiChange(120, 100)).toEqual({ difference: 20, percent: 20 });
    expect(kpiChange(-30, -60)).toEqual({ difference: 30, percent: 50 });
    expect(kpiChange(5, 0)).toEqual({ difference: 5, percent: null });
  });

  it('pads and cuts editable rows to the columns', () => {
    expect(editableTableOf({ columns: ['a', 'b'], rows: [['1'], ['1', '2', '3'], 'junk'] })).toEqual({
      columns: ['a', 'b'],
      rows: [
        ['1', ''],
        ['1', '2'],
        ['', ''],
      ],
    });
    expect(editableTableOf({})).toEqual({ columns: [], rows: [] });
  });
});

describe('network graph', () => {
  const vis = {
    independent: [{ series: [{ id: 's', feature: { _id: 'f1' } }] }],
    groupBy: [{ series: [{ id: 't', feature: { _id: 'f2' } }] }],
  };
  it('takes nodes from every connection end; repeated connections add up', () => {
    const graph = networkGraph(
      vis,
      answer([
        { s: 'A', t: 'B' },
        { s: 'A', t: 'B' },
        { s: 'B', t: 'C' },
        { s: null, t: 'A' },
      ]),
    );
    expect(graph.links).toEqual([
      { source: 'A', target: 'B', value: 2 },
      { source: 'B', target: 'C', value: 1 },
    ]);
    expect(Object.fromEntries(graph.nodes.map((node) => [node.name, node.value]))).toEqual({ A: 2, B: 3, C: 1 });
    // Sizes spread from the smallest total (12 px) to the biggest (36 px).
    const size = Object.fromEntries(graph.nodes.map((node) => [node.name, node.symbolSize]));
    expect(size).toEqual({ A: 24, B: 36, C: 12 });
  });

  it('weighs connections by the mapped value when there is one', () => {
    const weighted = { ...vis, dependent: [{ series: [{ id: 'v', feature: { _id: 'f3' }, operation: 'sum' }] }] };
    const graph = networkGraph(
      weighted,
      answer([
        { s: 'A', t: 'B', v: 10 },
        { s: 'B', t: 'C', v: '2.5' },
        { s: 'C', t: 'A', v: null },
      ]),
    );
    expect(graph.links).toEqual([
      { source: 'A', target: 'B', value: 10 },
      { source: 'B', target: 'C', value: 2.5 },
      { source: 'C', target: 'A', value: 0 },
    ]);
    expect(Object.fromEntries(graph.nodes.map((node) => [node.name, node.value]))).toEqual({ A: 10, B: 12.5, C: 2.5 });
  });

  it('is empty without data or without mapped roles', () => {
    expect(networkGraph(vis, null)).toEqual({ nodes: [], links: [] });
    expect(networkGraph({}, answer([{ s: 'A', t: 'B' }]))).toEqual({ nodes: [], links: [] });
  });
});
