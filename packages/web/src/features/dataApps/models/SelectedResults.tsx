import type { Model, ModelRun, Unit } from '@tessera/shared';
import { visDatasetIds } from '@tessera/shared';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { type SelectedRuns, selectedOutputOf, selectRun } from './selectedResult.ts';

interface SelectedResults {
  selected: SelectedRuns;
  /** The viewer picks a run in a model's history (see `selectRun`). */
  pick(model: Model, runs: readonly ModelRun[], run: ModelRun): void;
  /** Back to the latest data (also when the selected run is gone). */
  showLatest(modelId: string): void;
}

const NONE: SelectedResults = { selected: {}, pick: () => {}, showLatest: () => {} };
const SelectedResultsContext = createContext<SelectedResults>(NONE);

/** The selected result of each model of one open dashboard: the viewer's own choice, kept while it is open. */
export function SelectedResultsProvider({ children }: { children: ReactNode }) {
  const [selected, setSelected] = useState<SelectedRuns>({});
  const value = useMemo<SelectedResults>(() => {
    const set = (modelId: string, run: ModelRun | undefined) =>
      setSelected((all) => {
        const { [modelId]: _old, ...others } = all;
        return run ? { ...others, [modelId]: run } : others;
      });
    return {
      selected,
      pick: (model, runs, run) => set(model._id, selectRun(model, runs, selected[model._id], run)),
      showLatest: (modelId) => set(modelId, undefined),
    };
  }, [selected]);
  return <SelectedResultsContext.Provider value={value}>{children}</SelectedResultsContext.Provider>;
}

export const useSelectedResults = () => useContext(SelectedResultsContext);

/** The selected run a card shows and the dataset job to ask for; undefined shows the latest data. */
export function useCardSelectedOutput(unit: Pick<Unit, 'vis'>) {
  const { selected } = useSelectedResults();
  return selectedOutputOf(visDatasetIds(unit.vis), selected);
}
