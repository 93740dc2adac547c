import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, MODEL_RUNS_PAGE_SIZE, type ProjectEventName, type ProjectEventPayload } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

/** The models area (spec 3 §7 "Algorithms and models"): models, their runs, live run notices. */

export const modelKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'models'] as const,
  list: (projectId: string) => [...projectKeys.scope(projectId), 'models', 'list'] as const,
  detail: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'models', 'detail', id] as const,
  runs: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'models', 'runs', id] as const,
  dashboard: (projectId: string, dashboardId: string) =>
    [...projectKeys.scope(projectId), 'models', 'dashboard', dashboardId] as const,
};

/** The live notices of a finished or failed run stay 7 s (spec 1 §4). */
export const MODEL_RUN_NOTICE_MS = 7000;
/** While a run is queued or started its history is re-read every few seconds: a safety net for a missed event. */
const RUNNING_POLL_MS = 3000;

export const useModels = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: modelKeys.list(projectId),
    queryFn: () => call(api.listModels, { query: { projectId } }),
    enabled,
  });

export const useModel = (projectId: string, id: string) =>
  useQuery({ queryKey: modelKeys.detail(projectId, id), queryFn: () => call(api.getModel, { params: { id } }) });

/** The models whose outputs a dashboard's cards read (its model bars, the cards' model icons). */
export const useDashboardModels = (projectId: string | null, dashboardId: string) =>
  useQuery({
    queryKey: modelKeys.dashboard(projectId ?? '', dashboardId),
    queryFn: () => call(api.dashboardModels, { params: { id: dashboardId } }),
    enabled: projectId !== null,
  });

export const useModelRuns = (projectId: string, id: string) =>
  useQuery({
    queryKey: modelKeys.runs(projectId, id),
    queryFn: () => call(api.listModelRuns, { params: { id }, query: { limit: MODEL_RUNS_PAGE_SIZE, page: 1 } }),
    refetchInterval: (q) =>
      q.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'started') ? RUNNING_POLL_MS : false,
  });

export function useModelMutations(projectId: string, id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: modelKeys.all(projectId) });
  return {
    execute: useMutation({
      mutationFn: (inputs: Array<{ varName: string; value: unknown }>) =>
        call(api.executeModel, { params: { id }, body: { inputs } }),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (runId: string) => call(api.cancelModelRun, { params: { id: runId } }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ runId, change }: { runId: string; change: { name?: string; description?: string } }) =>
        call(api.updateModelRun, { params: { id: runId }, body: change }),
      onSuccess: refresh,
    }),
    favourite: useMutation({
      mutationFn: ({ runId, favourite }: { runId: string; favourite: boolean }) =>
        call(api.updateModelRun, { params: { id: runId }, body: { favourite } }),
      onSuccess: refresh,
    }),
  };
}

const MODEL_EVENTS = ['model:updated', 'modelRun:updated'] as const;
export const isModelEvent = (name: ProjectEventName): name is (typeof MODEL_EVENTS)[number] =>
  (MODEL_EVENTS as readonly string[]).includes(name);

/** A live model event: the lists and histories refetch; a finished or failed run raises its notice (7 s). */
export function applyModelEvent(name: string, data: unknown, client: QueryClient, projectId: string, t: TFunction) {
  void client.invalidateQueries({ queryKey: modelKeys.all(projectId) });
  if (name !== 'modelRun:updated') return;
  const run = data as ProjectEventPayload<'modelRun:updated'>;
  if (!run.notice) return;
  notifications.show({
    id: `model-run-${run._id}-${run.status}`,
    color: run.status === 'finished' ? 'green' : 'red',
    autoClose: MODEL_RUN_NOTICE_MS,
    title: t(run.status === 'finished' ? 'models:notices.complete' : 'models:notices.failed'),
    message: run.modelName,
  });
}
