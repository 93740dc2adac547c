import { notifications } from '@mantine/notifications';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Model, ModelRun, Unit } from '@tessera/shared';
import { api, visDatasetIds } from '@tessera/shared';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../../api/client.ts';
import { modelKeys, useDashboardModels } from '../../../api/models.ts';
import { useServerText } from '../../../app/serverText.ts';
import { placeProjectId, useDashboardMode } from '../dashboard/dashboardMode.tsx';
import { type SelectedRuns, selectedOutputOf, selectRun } from './selectedResult.ts';

interface SelectedResults {
  selected: SelectedRuns;
  /** The viewer picks a run in a model's history (see `selectRun`): kept on the model, for every viewer. */
  pick(model: Model, runs: readonly ModelRun[], run: ModelRun): void;
  /** Back to the latest data. */
  showLatest(modelId: string): void;
}

const NONE: SelectedResults = { selected: {}, pick: () => {}, showLatest: () => {} };
const SelectedResultsContext = createContext<SelectedResults>(NONE);

/**
 * The selected result of each model of one open dashboard: the run stored on the model (docs/models.md,
 * "Selected run"), so a reload or another viewer sees the same; a change comes back on the live channel.
 */
export function SelectedResultsProvider({ dashboardId, children }: { dashboardId: string; children: ReactNode }) {
  const { place } = useDashboardMode();
  const projectId = placeProjectId(place);
  const { t } = useTranslation('dataApps');
  const serverText = useServerText();
  const client = useQueryClient();
  const models = useDashboardModels(projectId, dashboardId).data?.models ?? [];
  const withSelection = models.filter((m) => m.selectedRunId);
  const runs = useQueries({
    queries: withSelection.map((m) => ({
      queryKey: [...modelKeys.runs(projectId ?? '', m._id), 'selected', m.selectedRunId],
      queryFn: () => call(api.getModelRun, { params: { id: m.selectedRunId ?? '' } }),
    })),
  });
  const choose = useMutation({
    mutationFn: ({ modelId, runId }: { modelId: string; runId: string | null }) =>
      call(api.selectModelRun, { params: { id: modelId }, body: { runId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: modelKeys.all(projectId ?? '') }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: error instanceof ApiError ? serverText(error.message) : t('modelBar.selectFailed'),
      }),
  });
  const found = runs.map((r) => r.data);
  const key = found.map((r) => r?._id ?? '').join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the runs found; `found` is new each render.
  const selected = useMemo<SelectedRuns>(
    () => Object.fromEntries(found.filter((r): r is ModelRun => Boolean(r)).map((r) => [r.modelId, r])),
    [key],
  );
  const { mutate } = choose;
  const value = useMemo<SelectedResults>(
    () => ({
      selected,
      pick: (model, list, run) => {
        const next = selectRun(model, list, selected[model._id], run);
        mutate({ modelId: model._id, runId: next?._id ?? null });
      },
      showLatest: (modelId) => mutate({ modelId, runId: null }),
    }),
    [selected, mutate],
  );
  return <SelectedResultsContext.Provider value={value}>{children}</SelectedResultsContext.Provider>;
}

export const useSelectedResults = () => useContext(SelectedResultsContext);

/** The selected run a card shows and the dataset job to ask for; undefined shows the latest data. */
export function useCardSelectedOutput(unit: Pick<Unit, 'vis'>) {
  const { selected } = useSelectedResults();
  return selectedOutputOf(visDatasetIds(unit.vis), selected);
}
