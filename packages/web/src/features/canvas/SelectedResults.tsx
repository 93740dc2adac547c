import { notifications } from '@mantine/notifications';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Model, ModelRun, SelectedOutput, Unit } from '@tessera/shared';
import { api, PREVIEW_TOKEN_PARAM, selectedJobOf, visDatasetIds } from '@tessera/shared';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, call } from '../../api/client.ts';
import { modelKeys, useDashboardModels, usePublicDashboardModels } from '../../api/models.ts';
import { useServerText } from '../../ui/serverText.ts';
import { placeProjectId, useDashboardMode } from './dashboardMode.tsx';
import { type SelectedRuns, selectedOutputOf, selectRun } from './selectedResult.ts';

interface SelectedResults {
  /** Inside a project: each model's selected run (none: the latest data). */
  selected: SelectedRuns;
  /** The outputs of the selected runs, each with the job the run wrote: what cards read (`selectedJobOf`). */
  outputs: readonly SelectedOutput[];
  /**
   * Whether the selected runs are known, so that cards ask for the right rows at once: on a public page, once
   * its model bars have answered (or failed); inside a project at once (a selection arriving later re-keys).
   */
  known: boolean;
  /** The viewer picks a run in a model's history (see `selectRun`): kept on the model, for every viewer. */
  pick(model: Model, runs: readonly ModelRun[], run: ModelRun): void;
  /** Back to the latest data. */
  showLatest(modelId: string): void;
}

const NONE: SelectedResults = { selected: {}, outputs: [], known: true, pick: () => {}, showLatest: () => {} };
const SelectedResultsContext = createContext<SelectedResults>(NONE);

/**
 * The selected result of each model of one open dashboard: the run stored on the model (docs/models.md,
 * "Selected run"), so a reload or another viewer sees the same; a change comes back on the live channel. A public
 * page (and the preview renderer's) reads it from its read-only model bars: its cards show the same run.
 */
export function SelectedResultsProvider({ dashboardId, children }: { dashboardId: string; children: ReactNode }) {
  const { place } = useDashboardMode();
  if (place.kind === 'public' || place.kind === 'preview') {
    return <PublicSelectedResults dashboardId={dashboardId}>{children}</PublicSelectedResults>;
  }
  return <ProjectSelectedResults dashboardId={dashboardId}>{children}</ProjectSelectedResults>;
}

/** A public or preview page: the selected runs' outputs as its model bars tell them; nothing to pick. */
function PublicSelectedResults({ dashboardId, children }: { dashboardId: string; children: ReactNode }) {
  const [search] = useSearchParams();
  const bars = usePublicDashboardModels(dashboardId, search.get(PREVIEW_TOKEN_PARAM) ?? undefined);
  const known = !bars.isPending;
  const models = bars.data?.models;
  const value = useMemo<SelectedResults>(
    () => ({ ...NONE, outputs: models?.flatMap((bar) => bar.selectedOutputs) ?? [], known }),
    [models, known],
  );
  return <SelectedResultsContext.Provider value={value}>{children}</SelectedResultsContext.Provider>;
}

function ProjectSelectedResults({ dashboardId, children }: { dashboardId: string; children: ReactNode }) {
  const { place } = useDashboardMode();
  const projectId = placeProjectId(place);
  const { t } = useTranslation('dashboards');
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
      outputs: Object.values(selected).flatMap((run) =>
        run.outputs.flatMap((o) => (o.jobId ? [{ datasetId: o.dataset._id, jobId: o.jobId }] : [])),
      ),
      known: true,
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

/** The selected run a card shows inside a project, with its job; undefined shows the latest data. */
export function useCardSelectedOutput(unit: Pick<Unit, 'vis'>) {
  const { selected } = useSelectedResults();
  return selectedOutputOf(visDatasetIds(unit.vis), selected);
}

/**
 * The dataset job a card asks for (a model's selected run wrote it; undefined: the latest data), and whether it is
 * known yet (a public page's model bars have answered).
 */
export function useCardJob(unit: Pick<Unit, 'vis'>): { jobId: string | undefined; known: boolean } {
  const { outputs, known } = useSelectedResults();
  return { jobId: selectedJobOf(unit, outputs), known };
}
