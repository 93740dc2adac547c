import { describe, expect, it } from 'vitest';
import { type MatchFeature, matchFeatures, matchOutputs, matchShare } from './outputMatch.ts';

const f = (name: string, dbName = name, _id?: string): MatchFeature => ({ name, dbName, _id });
const old = (...names: string[]) => names.map((n, i) => f(n, `c${i}`, `id-${n}`));

describe('matchShare', () => {
  it.each([
    [[f('a'), f('b')], old('a', 'b'), 1],
    [[f('a'), f('total')], old('a', 'amount'), 0.5],
    [[f('x'), f('y'), f('a')], old('a', 'b'), 1 / 3],
    [[f('c0'), f('z')], old('q', 'r'), 0.5],
    [[], old('a'), 0],
    [[f('a')], [], 0],
  ])('%#', (fresh, previous, share) => expect(matchShare(fresh, previous)).toBeCloseTo(share));
});

describe('matchFeatures', () => {
  it('links by name, then by db name, each previous feature once', () => {
    expect(matchFeatures([f('a'), f('c1'), f('total'), f('a2', 'a')], old('a', 'b'))).toEqual({
      a: 'id-a',
      c1: 'id-b',
      total: null,
      a2: null,
    });
  });
});

describe('matchOutputs', () => {
  const previous = [
    { datasetId: 'P1', features: old('region', 'amount') },
    { datasetId: 'P2', features: old('name', 'age', 'city') },
  ];
  it.each([
    ['a renamed column (half match) links', [{ datasetId: 'N1', features: [f('region'), f('total')] }], { N1: 'P1' }],
    ['less than half is new', [{ datasetId: 'N1', features: [f('region'), f('x'), f('y')] }], { N1: null }],
    [
      'best share wins, each previous once',
      [
        { datasetId: 'N1', features: [f('name'), f('zzz')] },
        { datasetId: 'N2', features: [f('name'), f('age'), f('city')] },
        { datasetId: 'N3', features: [f('region'), f('amount')] },
      ],
      { N1: null, N2: 'P2', N3: 'P1' },
    ],
    ['no columns, no match', [{ datasetId: 'N1', features: [] }], { N1: null }],
  ])('%s', (_label, fresh, expected) => expect(matchOutputs(fresh, previous)).toEqual(expected));
});
