import { describe, expect, it } from 'vitest';
import { featureLineage } from './lineage.ts';

const joinOf = (left: string, right: string) => ({
  join: [{ _id: left, type: 'left' as const, on: [] }, { _id: right }],
});

describe('featureLineage', () => {
  const datasets = [
    { id: 'A', source: {} },
    { id: 'B', source: {} },
    { id: 'J', source: joinOf('A', 'B') },
    { id: 'K', source: joinOf('J', 'B') },
  ];
  const features = [
    { id: 'a1', datasetId: 'A', dbName: 'c0' },
    { id: 'a2', datasetId: 'A', dbName: 'c1' },
    { id: 'b1', datasetId: 'B', dbName: 'c0' },
    { id: 'j1', datasetId: 'J', dbName: 'l_c0' },
    { id: 'j2', datasetId: 'J', dbName: 'l_c1' },
    { id: 'j3', datasetId: 'J', dbName: 'r_c0' },
    { id: 'j4', datasetId: 'J', dbName: 'r_c9' },
    { id: 'k1', datasetId: 'K', dbName: 'l_l_c0' },
    { id: 'k2', datasetId: 'K', dbName: 'r_c0' },
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
  });
});
