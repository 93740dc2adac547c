import { describe, expect, it } from 'vitest';
import { featureLineage } from './lineage.ts';

const joinOf = (left: string, right: string, on: [string, string][] = []) => ({
  join: [{ _id: left, type: 'left' as const, on }, { _id: right }],
});
const text = (id: string, datasetId: string, dbName: string) => ({
  id,
  datasetId,
  dbName,
  type: 'category' as const,
  precision: null,
});

describe('featureLineage', () => {
  const datasets = [
    { id: 'A', source: {} },
    { id: 'B', source: {} },
    { id: 'J', source: joinOf('A', 'B') },
    { id: 'K', source: joinOf('J', 'B') },
  ];
  const features = [
    text('a1', 'A', 'c0'),
    text('a2', 'A', 'c1'),
    text('b1', 'B', 'c0'),
    text('j1', 'J', 'l_c0'),
    text('j2', 'J', 'l_c1'),
    text('j3', 'J', 'r_c0'),
    text('j4', 'J', 'r_c9'),
    text('k1', 'K', 'l_l_c0'),
    text('k2', 'K', 'r_c0'),
  ];
  const lineage = featureLineage(datasets as never, features);

  it("a source feature's copies: in a join, and in a join of that join", () => {
    expect(lineage.copiesOf('a1')).toEqual(['a1', 'j1', 'k1']);
    expect(lineage.copiesOf('a2')).toEqual(['a2', 'j2']);
  });

  it("a copy's lineage is its origin's, itself first; each side follows its own dataset", () => {
    expect(lineage.copiesOf('k1')).toEqual(['k1', 'a1', 'j1']);
    expect(lineage.copiesOf('j3')).toEqual(['j3', 'b1', 'k2']);
  });

  it('a copy whose source feature is gone, or an unknown id, stands alone', () => {
    expect(lineage.copiesOf('j4')).toEqual(['j4']);
    expect(lineage.copiesOf('nope')).toEqual(['nope']);
    expect(lineage.reachOf('nope')).toEqual(['nope']);
  });

  it('with no join key pairing them, a cross-filter reaches the lineage only', () => {
    expect(lineage.reachOf('a1')).toEqual(lineage.copiesOf('a1'));
    expect(lineage.reachOf('j3')).toEqual(lineage.copiesOf('j3'));
  });
});

describe('featureLineage: the pairing of a join’s keys', () => {
  // O (orders) joined with M (managers) on the region: J. M joined with T (targets) on the region: L.
  // N holds numbers: its key is paired with the orders' region as text, and carries no cross-filter.
  const datasets = [
    { id: 'O', source: {} },
    { id: 'M', source: {} },
    { id: 'T', source: {} },
    { id: 'N', source: {} },
    { id: 'J', source: joinOf('O', 'M', [['o-region', 'm-region']]) },
    { id: 'L', source: joinOf('M', 'T', [['m-region', 't-region']]) },
    { id: 'X', source: joinOf('O', 'N', [['o-region', 'n-code']]) },
  ];
  const features = [
    text('o-region', 'O', 'c0'),
    text('o-amount', 'O', 'c1'),
    { ...text('m-region', 'M', 'c0'), type: 'text' as const },
    text('t-region', 'T', 'c0'),
    { ...text('n-code', 'N', 'c0'), type: 'number' as const },
    text('j-o-region', 'J', 'l_c0'),
    text('j-m-region', 'J', 'r_c0'),
    text('l-m-region', 'L', 'l_c0'),
    text('l-t-region', 'L', 'r_c0'),
    text('x-o-region', 'X', 'l_c0'),
    { ...text('x-n-code', 'X', 'r_c0'), type: 'number' as const },
  ];
  const lineage = featureLineage(datasets as never, features);
  const sorted = (ids: string[]) => [ids[0], ...ids.slice(1).sort()];

  it("the orders' region reaches the managers' region, and the targets' through the managers (text with category)", () => {
    expect(sorted(lineage.reachOf('o-region'))).toEqual([
      'o-region',
      'j-o-region',
      'l-m-region',
      'm-region',
      't-region',
      'x-o-region',
    ]);
  });

  it('in a dataset holding a copy of the clicked feature, only the copy is filtered (not the paired column)', () => {
    const reach = lineage.reachOf('m-region');
    expect(reach).toContain('j-m-region');
    expect(reach).not.toContain('j-o-region');
    expect(reach).toContain('o-region');
  });

  it("in a dataset holding no copy, the nearest pairing wins: the targets' region filters J by its managers' side", () => {
    const reach = lineage.reachOf('t-region');
    expect(sorted(reach)).toEqual(['t-region', 'j-m-region', 'l-t-region', 'm-region', 'o-region', 'x-o-region']);
  });

  it('a key of another kind of value (a number paired as text) is not reached, either way', () => {
    expect(lineage.reachOf('o-region')).not.toContain('n-code');
    expect(lineage.reachOf('o-region')).not.toContain('x-n-code');
    expect(sorted(lineage.reachOf('n-code'))).toEqual(['n-code', 'x-n-code']);
  });

  it('a selection on a joined copy of a key reaches both sides', () => {
    const reach = lineage.reachOf('j-o-region');
    expect(reach[0]).toBe('j-o-region');
    expect(reach).toEqual(expect.arrayContaining(['o-region', 'm-region', 't-region']));
    expect(reach).not.toContain('j-m-region');
  });

  it('a pairing reaches only the features the reader may be shown; the copies always', () => {
    const published = new Set(['o-region', 'm-region']);
    expect(sorted(lineage.reachOf('o-region', (id) => published.has(id)))).toEqual([
      'o-region',
      'j-o-region',
      'm-region',
      'x-o-region',
    ]);
  });
});

describe('featureLineage: features equally near the clicked one', () => {
  // P (people: name c0, manager c1, team c2) joined with teams (PT), then P joined with PT on the manager's name (S):
  // S holds two copies of the name.
  // M (managers) and T (targets) each joined with O (orders) on the region; F is M joined with T (a full join).
  const datasets = [
    { id: 'P', source: {} },
    { id: 'TEAMS', source: {} },
    { id: 'PT', source: joinOf('P', 'TEAMS', [['p-team', 'team']]) },
    { id: 'S', source: joinOf('P', 'PT', [['p-manager', 'pt-name']]) },
    { id: 'O', source: {} },
    { id: 'M', source: {} },
    { id: 'T', source: {} },
    { id: 'OM', source: joinOf('O', 'M', [['o-region', 'm-region']]) },
    { id: 'OT', source: joinOf('O', 'T', [['o-region', 't-region']]) },
    { id: 'F', source: joinOf('M', 'T', [['m-region', 't-region']]) },
  ];
  const features = [
    text('p-name', 'P', 'c0'),
    text('p-manager', 'P', 'c1'),
    text('p-team', 'P', 'c2'),
    text('team', 'TEAMS', 'c0'),
    text('pt-name', 'PT', 'l_c0'),
    text('s-name', 'S', 'l_c0'),
    text('s-manager', 'S', 'l_c1'),
    text('s-manager-name', 'S', 'r_l_c0'),
    text('s-manager-manager', 'S', 'r_l_c1'),
    text('o-region', 'O', 'c0'),
    text('m-region', 'M', 'c0'),
    text('t-region', 'T', 'c0'),
    text('om-o-region', 'OM', 'l_c0'),
    text('om-m-region', 'OM', 'r_c0'),
    text('ot-o-region', 'OT', 'l_c0'),
    text('ot-t-region', 'OT', 'r_c0'),
    text('f-m-region', 'F', 'l_c0'),
    text('f-t-region', 'F', 'r_c0'),
  ];
  const lineage = featureLineage(datasets as never, features);
  const sorted = (ids: string[]) => [ids[0], ...ids.slice(1).sort()];

  it('two copies of the clicked column in one dataset are both reached (either holds the value)', () => {
    expect(sorted(lineage.reachOf('p-name'))).toEqual(['p-name', 'pt-name', 's-manager-name', 's-name']);
  });

  it('in the clicked feature’s own dataset, the clicked column alone (not its other copy)', () => {
    expect(sorted(lineage.reachOf('s-manager-name'))).toEqual(['s-manager-name', 'p-name', 'pt-name']);
    expect(sorted(lineage.reachOf('s-name'))).toEqual(['s-name', 'p-name', 'pt-name']);
  });

  it('two keys paired with the clicked one, neither a copy of it, are both reached', () => {
    expect(sorted(lineage.reachOf('o-region'))).toEqual([
      'o-region',
      'f-m-region',
      'f-t-region',
      'm-region',
      'om-o-region',
      'ot-o-region',
      't-region',
    ]);
  });
});
