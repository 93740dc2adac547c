import { type MappingResult, shouldRefetch, type UnitType, type Vis } from '@tessera/shared';
import { useCallback, useState } from 'react';

/**
 * The vis being edited, and the vis the live preview last fetched data for: it moves on only when
 * `shouldRefetch` says the change needs new data, so display and colour edits redraw the preview
 * from the rows it already has.
 */
export interface MappingState {
  vis: Vis;
  /** The vis the preview's data is requested with. */
  dataVis: Vis;
  dirty: boolean;
  /** Sets the next vis (from a rule's result or a settings panel). */
  setVis: (next: Vis) => void;
  apply: (result: MappingResult) => void;
}

export function useMappingState(initial: Vis, type: UnitType): MappingState {
  const [state, setState] = useState({ vis: initial, dataVis: initial, dirty: false });
  const setVis = useCallback(
    (next: Vis) =>
      setState((current) => ({
        vis: next,
        dataVis: shouldRefetch(current.dataVis, next, type) ? next : current.dataVis,
        dirty: true,
      })),
    [type],
  );
  const apply = useCallback((result: MappingResult) => setVis(result.vis), [setVis]);
  return { ...state, setVis, apply };
}
