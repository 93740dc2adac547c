import type { JoinSource, JoinType } from '@tessera/shared';

/** The second step of Create Joined Dataset: two datasets, column pairs (left feature, right feature), a type. */
export interface JoinState {
  left: string | null;
  right: string | null;
  pairs: [string | null, string | null][];
  type: JoinType | null;
}

export const emptyJoin = (): JoinState => ({ left: null, right: null, pairs: [[null, null]], type: 'full' });

/**
 * Chooses one side's dataset. The same dataset on both sides clears the other side; a new dataset
 * on a side empties that side's columns, which belonged to the old one.
 */
export function chooseDataset(state: JoinState, side: 'left' | 'right', id: string | null): JoinState {
  const other = side === 'left' ? 'right' : 'left';
  const index = side === 'left' ? 0 : 1;
  const otherIndex = 1 - index;
  const clearOther = id !== null && state[other] === id;
  const pairs = state.pairs.map((pair) => {
    const next: [string | null, string | null] = [...pair];
    next[index] = null;
    if (clearOther) next[otherIndex] = null;
    return next;
  });
  return { ...state, [side]: id, ...(clearOther ? { [other]: null } : {}), pairs };
}

/** Done is enabled only when both datasets, every column pair and the join type are set. */
export function joinReady(state: JoinState): boolean {
  return (
    state.left !== null &&
    state.right !== null &&
    state.type !== null &&
    state.pairs.length > 0 &&
    state.pairs.every(([a, b]) => a !== null && b !== null)
  );
}

/** The `source.join` the create call takes; only called once joinReady. */
export function joinSource(state: JoinState): JoinSource {
  return [
    {
      _id: state.left as string,
      type: state.type as JoinType,
      on: state.pairs.map(([a, b]) => [a as string, b as string]),
    },
    { _id: state.right as string },
  ];
}
