import { notifications } from '@mantine/notifications';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type EndpointInput,
  MODEL_RUNS_PAGE_SIZE,
  type OutputUpdate,
  PREVIEW_TOKEN_PARAM,
  type ProjectEventName,
  type ProjectEventPayload,
} from '@tessera/shared';
import type { TFunction } from 'i18next';
import { call } from './client.ts';
import { projectKeys } from './projects.ts';

/** The models area: models, their runs, live run notices. */

export const modelKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'models'] as const,
  list: (projectId: string) => [...projectKeys.scope(projectId), 'models', 'list'] as const,
  detail: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'models', 'detail', id] as const,
  runs: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'models', 'runs', id] as const,
  dashboard: (projectId: string, dashboardId: string) =>
    [...projectKeys.scope(projectId), 'models', 'dashboard', dashboardId] as const,
};

/** What a run printed (stdout and stderr), as it streamed live; kept in the cache only. */
export const runLogKey = (projectId: string, runId: string) =>
  [...projectKeys.scope(projectId), 'runLog', runId] as const;
/**
 * What a run printed: read from the server (kept with the run, written about every second while it runs), then, while
 * it runs, what the live channel brings (modelRun:log); once it settled (`settled`), the whole kept log read again.
 */
export const useRunLog = (projectId: string, runId: string, settled = false) =>
  useQuery({
    queryKey: settled ? [...runLogKey(projectId, runId), 'kept'] : runLogKey(projectId, runId),
    queryFn: () => call(api.modelRunLog, { params: { id: runId }, query: {} }),
    staleTime: Number.POSITIVE_INFINITY,
  }).data ?? '';

/** The live notices of a finished or failed run stay 7 s. */
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
  useQuery({
    queryKey: modelKeys.detail(projectId, id),
    queryFn: () => call(api.getModel, { params: { id } }),
    enabled: id !== '',
  });

/** The models whose outputs a dashboard's cards read (its model bars, the cards' model icons). */
export const useDashboardModels = (projectId: string | null, dashboardId: string) =>
  useQuery({
    queryKey: modelKeys.dashboard(projectId ?? '', dashboardId),
    queryFn: () => call(api.dashboardModels, { params: { id: dashboardId } }),
    enabled: projectId !== null,
  });

/**
 * A public dashboard's read-only model bars (no login; the preview renderer with its token); refetched when what
 * one of its models shows changes (a finished run, another selected run).
 */
export const publicModelBarsKey = (dashboardId: string) => ['publicModelBars', dashboardId] as const;
export const usePublicDashboardModels = (dashboardId: string, previewToken?: string) =>
  useQuery({
    queryKey: publicModelBarsKey(dashboardId),
    queryFn: () =>
      call(api.publicDashboardModels, {
        params: { id: dashboardId },
        query: previewToken ? { [PREVIEW_TOKEN_PARAM]: previewToken } : {},
      }),
    meta: { pageError: false },
    retry: false,
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

const MODEL_EVENTS = ['model:updated', 'modelRun:updated', 'modelRun:log'] as const;
export const isModelEvent = (name: ProjectEventName): name is (typeof MODEL_EVENTS)[number] =>
  (MODEL_EVENTS as readonly string[]).includes(name);

/** A live model event: the lists and histories refetch; a finished or failed run raises its notice (7 s). */
export function applyModelEvent(name: string, data: unknown, client: QueryClient, projectId: string, t: TFunction) {
  if (name === 'modelRun:log') {
    const log = data as { _id: string; text: string };
    client.setQueryData<string>(runLogKey(projectId, log._id), (before) => (before ?? '') + log.text);
    return;
  }
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

/** The functions of the project's packages (the function picker: package, file, function). */
export const useAlgorithms = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: [...modelKeys.all(projectId), 'algorithms'],
    queryFn: () => call(api.listAlgorithms, { query: { projectId } }),
    enabled,
  });

/** The history 20 runs a page, the next page on demand. */
export const useModelRunPages = (projectId: string, id: string) =>
  useInfiniteQuery({
    queryKey: [...modelKeys.runs(projectId, id), 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      call(api.listModelRuns, { params: { id }, query: { limit: MODEL_RUNS_PAGE_SIZE, page: pageParam } }),
    getNextPageParam: (last, pages) => (last.runs.length < MODEL_RUNS_PAGE_SIZE ? undefined : pages.length + 1),
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.runs.some((r) => r.status === 'queued' || r.status === 'started'))
        ? RUNNING_POLL_MS
        : false,
  });

type ModelChange = EndpointInput<typeof api.updateModel>['body'];

/** Model edit: create from a function, change, confirm, duplicate, delete; delete a run. */
export function useModelEdits(projectId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: modelKeys.all(projectId) });
  return {
    create: useMutation({
      mutationFn: ({ algorithmId, name, description }: { algorithmId: string; name: string; description: string }) =>
        call(api.createModel, { params: { id: algorithmId }, body: { name, description } }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, change }: { id: string; change: ModelChange }) =>
        call(api.updateModel, { params: { id }, body: change }),
      onSuccess: refresh,
    }),
    confirm: useMutation({
      mutationFn: (id: string) => call(api.confirmModel, { params: { id } }),
      onSuccess: refresh,
    }),
    duplicate: useMutation({
      mutationFn: (id: string) => call(api.duplicateModel, { params: { id } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(api.deleteModel, { params: { id } }),
      onSuccess: refresh,
    }),
    setAlgorithm: useMutation({
      mutationFn: ({ id, algorithmId }: { id: string; algorithmId: string }) =>
        call(api.setModelAlgorithm, { params: { id, algorithmId } }),
      onSuccess: refresh,
    }),
    deleteRun: useMutation({
      mutationFn: (runId: string) => call(api.deleteModelRun, { params: { id: runId } }),
      onSuccess: refresh,
    }),
  };
}

/** Update Source's merge view of one new output (`target` undefined: auto-matched). */
export const useOutputMerge = (projectId: string, id: string, datasetId: string, target: string | null | undefined) =>
  useQuery({
    queryKey: [...modelKeys.detail(projectId, id), 'merge', datasetId, target ?? 'auto'],
    queryFn: () =>
      call(api.editModelOutput, { params: { id, datasetId }, body: target === undefined ? {} : { target } }),
  });

export function useSourceMutations(projectId: string, id: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: modelKeys.all(projectId) });
  return {
    trialRun: useMutation({
      mutationFn: (inputs: Array<{ varName: string; value: unknown }>) =>
        call(api.executeModel, { params: { id }, body: { inputs, temp: true } }),
      onSuccess: refresh,
    }),
    commit: useMutation({
      mutationFn: (updates: OutputUpdate[]) => call(api.updateModelOutputs, { params: { id }, body: { updates } }),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: () => call(api.updateModel, { params: { id }, body: { tempOutputs: [] } }),
      onSuccess: refresh,
    }),
  };
}

/** One run, re-read while it runs (Update Source's trial run is not in the history). */
export const useModelRun = (projectId: string, runId: string | null) =>
  useQuery({
    queryKey: [...modelKeys.all(projectId), 'run', runId],
    queryFn: () => call(api.getModelRun, { params: { id: runId ?? '' } }),
    enabled: runId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'started' ? 1000 : false),
  });
