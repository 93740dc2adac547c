import { notifications } from '@mantine/notifications';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  DATASET_PAGE_SIZE,
  type DatasetJob,
  type Feature,
  IMPORTED_NOTICE_MS,
  type Job,
  type ProjectEventName,
} from '@tessera/shared';
import type { TFunction } from 'i18next';
import { ApiError, apiError, call, tokenStore } from './client.ts';
import { projectKeys } from './projects.ts';

/**
 * The datasets area: datasets, folders, features, rows and jobs of one project, their
 * changes, the upload with a real progress bar, and what the live channel's dataset events do to the cache.
 */

export const datasetKeys = {
  all: (projectId: string) => [...projectKeys.scope(projectId), 'datasets'] as const,
  list: (projectId: string) => [...projectKeys.scope(projectId), 'datasets', 'list'] as const,
  folders: (projectId: string) => [...projectKeys.scope(projectId), 'datasets', 'folders'] as const,
  jobs: (projectId: string) => [...projectKeys.scope(projectId), 'datasets', 'jobs'] as const,
  detail: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'datasets', 'detail', id] as const,
  data: (projectId: string, id: string, page: number) =>
    [...projectKeys.scope(projectId), 'datasets', 'data', id, page] as const,
  history: (projectId: string, id: string) => [...projectKeys.scope(projectId), 'datasets', 'history', id] as const,
};

export const useDatasets = (projectId: string, enabled = true) =>
  useQuery({
    queryKey: datasetKeys.list(projectId),
    queryFn: () => call(api.listDatasets, { query: { projectId } }),
    enabled,
  });

export const useFolders = (projectId: string) =>
  useQuery({
    queryKey: datasetKeys.folders(projectId),
    queryFn: () => call(api.listCollections, { query: { projectId } }),
  });

export const useDatasetJobs = (projectId: string) =>
  useQuery({
    queryKey: datasetKeys.jobs(projectId),
    queryFn: () => call(api.listProjectDatasetJobs, { query: { projectId, limit: 20 } }),
  });

/** While a dataset is not imported yet it is re-read every few seconds: a safety net if a live event is missed. */
export const NOT_IMPORTED_POLL_MS = 3000;

export const useDataset = (projectId: string, id: string) =>
  useQuery({
    queryKey: datasetKeys.detail(projectId, id),
    queryFn: () => call(api.getDataset, { params: { id } }),
    enabled: id !== '',
    refetchInterval: (query) => (query.state.data && !query.state.data.imported ? NOT_IMPORTED_POLL_MS : false),
  });

export const useDatasetRows = (projectId: string, id: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: datasetKeys.data(projectId, id, page),
    queryFn: () => call(api.datasetData, { params: { id }, query: { page, limit: DATASET_PAGE_SIZE }, body: {} }),
    enabled,
  });

/** The first rows of a dataset, or of the rows one job wrote (a model run's output), for a preview. */
export const useDatasetPreviewRows = (
  projectId: string,
  id: string,
  jobId: string | undefined,
  limit: number,
  enabled: boolean,
) =>
  useQuery({
    queryKey: [...datasetKeys.all(projectId), 'preview', id, jobId ?? 'all', limit] as const,
    queryFn: () => call(api.datasetData, { params: { id }, query: { page: 1, limit, jobId }, body: {} }),
    enabled,
  });

export const useDatasetHistory = (projectId: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: datasetKeys.history(projectId, id),
    queryFn: () => call(api.datasetHistory, { params: { id } }),
    enabled,
  });

/** Refetches everything of the project's datasets area (lists, pages, rows, jobs). */
export const refreshDatasets = (client: QueryClient, projectId: string) =>
  client.invalidateQueries({ queryKey: datasetKeys.all(projectId) });

/**
 * After a dataset is deleted the lists refetch, but not the deleted dataset's own queries: its page may still be
 * open for a moment, and a refetch there would answer 404 and raise the full-page error over a delete that worked.
 */
const refreshAfterDelete = (client: QueryClient, projectId: string, id: string) =>
  client.invalidateQueries({ queryKey: datasetKeys.all(projectId), predicate: (q) => !q.queryKey.includes(id) });

function useDatasetsChange<V, R>(projectId: string, run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => refreshDatasets(client, projectId) });
}

export interface FolderInput {
  name: string;
  description: string;
}

export const useSaveFolder = (projectId: string) =>
  useDatasetsChange(projectId, ({ id, ...body }: FolderInput & { id?: string }) =>
    id
      ? call(api.updateCollection, { params: { id }, body })
      : call(api.createCollection, { body: { ...body, projectId } }),
  );

export const useDeleteFolder = (projectId: string) =>
  useDatasetsChange(projectId, (id: string) => call(api.deleteCollection, { params: { id } }));

export const useUpdateDataset = (projectId: string) =>
  useDatasetsChange(
    projectId,
    ({ id, ...body }: { id: string; name?: string; description?: string; collections?: string[] }) =>
      call(api.updateDataset, { params: { id }, body }),
  );

export const useUpdateFeature = (projectId: string) =>
  useDatasetsChange(
    projectId,
    ({
      id,
      ...body
    }: { id: string } & Partial<Pick<Feature, 'name' | 'hidden' | 'description' | 'type' | 'dateFormat'>>) =>
      call(api.updateFeature, { params: { id }, body }),
  );

/** What uses a dataset (the Delete Dataset dialog): cards, models and joined datasets. */
export const useDatasetUses = (projectId: string, id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...datasetKeys.detail(projectId, id), 'uses'],
    queryFn: () => call(api.getDatasetUses, { params: { id } }),
    enabled,
    meta: { pageError: false },
  });

export function useDeleteDataset(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.deleteDataset, { params: { id } }),
    onSuccess: (_answer, id) => refreshAfterDelete(client, projectId, id),
  });
}

export const useDeleteJobData = (projectId: string) =>
  useDatasetsChange(projectId, ({ id, jobId }: { id: string; jobId: string }) =>
    call(api.deleteDatasetJobData, { params: { id, jobId } }),
  );

export const createFileDataset = (projectId: string, name: string) =>
  call(api.createDataset, { body: { type: 'file', name, projectId } });

export const failUpload = (id: string) => call(api.failDatasetJob, { params: { id }, body: {} });

export interface UploadHandle {
  /** The job the server answered, once every byte is sent. */
  done: Promise<DatasetJob>;
  abort: () => void;
}

/**
 * Sends a file (multipart, field `file`) with XMLHttpRequest rather than fetch: only it reports the bytes sent,
 * which the progress bar shows. Used for the first upload (POST .../upload) and appends (PUT .../append).
 */
export function sendDatasetFile(
  datasetId: string,
  file: File,
  mode: 'upload' | 'append',
  onProgress: (sent: number, total: number) => void,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  const endpoint = mode === 'upload' ? api.uploadDataset : api.appendDataset;
  const done = new Promise<DatasetJob>((resolve, reject) => {
    xhr.open(endpoint.method, endpoint.path.replace(':id', encodeURIComponent(datasetId)));
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve(endpoint.response.parse(json));
      else reject(apiError(xhr.status, json, xhr.statusText));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', 'Network error'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'aborted'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The notice a dataset job's completion raises. */
const COMPLETED_NOTICES: Partial<Record<Job['type'], 'imported' | 'appended'>> = {
  featureDetection: 'imported',
  append: 'appended',
};

const DATASET_EVENTS = ['job:updated', 'dataset:updated', 'dataset:deleted', 'collection:updated'] as const;

export const isDatasetEvent = (name: ProjectEventName): name is (typeof DATASET_EVENTS)[number] =>
  (DATASET_EVENTS as readonly string[]).includes(name);

/** A job's message is its text, code and params together: a newer message without a code leaves no older code. */
function withoutMessageCode(job: DatasetJob): DatasetJob {
  const { messageCode, messageParams, ...rest } = job;
  return rest;
}

/**
 * A live event of the datasets area: a dataset job's new status goes into the upload queue at once; a
 * completed feature detection shows the "imported" notice, a completed append the "appended" one, each for 7 s,
 * and the lists refetch.
 */
export function applyDatasetEvent(name: string, data: unknown, client: QueryClient, projectId: string, t: TFunction) {
  if (name === 'job:updated') {
    const job = data as Job;
    if (job.ownerType !== 'dataset') return;
    client.setQueryData<DatasetJob[]>(datasetKeys.jobs(projectId), (old) =>
      old?.map((j) => (j._id === job._id ? { ...withoutMessageCode(j), ...job } : j)),
    );
    const notice = job.status !== 'completed' ? undefined : COMPLETED_NOTICES[job.type];
    if (notice) {
      notifications.show({
        color: 'green',
        autoClose: IMPORTED_NOTICE_MS,
        message: t(`datasets:notices.${notice}`, { name: job.name }),
      });
    }
  }
  if (name === 'dataset:deleted') void refreshAfterDelete(client, projectId, (data as { _id: string })._id);
  else void refreshDatasets(client, projectId);
}
