import { describe, expect, it } from 'vitest';
import { chooseDataset, emptyJoin, joinReady, joinSource } from './joinState.ts';

const A = '64b7f0c2a1b2c3d4e5f6000a';
const B = '64b7f0c2a1b2c3d4e5f6000b';

describe('chooseDataset', () => {
  it('clears the other side when the same dataset is chosen on both sides', () => {
    const withLeft = chooseDataset(emptyJoin(), 'left', A);
    const both = chooseDataset(withLeft, 'right', B);
    const same = chooseDataset(both, 'right', A);
    expect(same.right).toBe(A);
    expect(same.left).toBeNull();
  });

  it("empties the changed side's columns, which belonged to the old dataset", () => {
    const state = {
      ...chooseDataset(chooseDataset(emptyJoin(), 'left', A), 'right', B),
      pairs: [['x', 'y']] as [string, string][],
    };
    expect(chooseDataset(state, 'left', '64b7f0c2a1b2c3d4e5f6000c').pairs).toEqual([[null, 'y']]);
  });
});

describe('joinReady', () => {
  const full = { left: A, right: B, pairs: [['f1', 'g1']] as [string | null, string | null][], type: 'inner' as const };
  it('is true only when both datasets, every column pair and the join type are set', () => {
    expect(joinReady(full)).toBe(true);
    expect(joinReady({ ...full, left: null })).toBe(false);
    expect(joinReady({ ...full, right: null })).toBe(false);
    expect(joinReady({ ...full, type: null })).toBe(false);
    expect(joinReady({ ...full, pairs: [] })).toBe(false);
    expect(
      joinReady({
        ...full,
        pairs: [
          ['f1', 'g1'],
          ['f2', null],
        ],
      }),
    ).toBe(false);
  });

  it('builds the source.join the create call takes', () => {
    expect(joinSource(full)).toEqual([{ _id: A, type: 'inner', on: [['f1', 'g1']] }, { _id: B }]);
  });
});
