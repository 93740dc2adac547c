import { readdir } from 'node:fs/promises';
import { datasetsRoot, sweepTemporaries } from '@tessera/analytics';
import { UNFINISHED_JOB_STATUSES } from '@tessera/shared';
import type { AppContext } from '../../platform/context.ts';
import { allDatasetJobStates, allDatasetTypes } from './datasets.store.ts';
import { deleteClusteredFiles, deleteDatasetFiles, deleteJobFiles } from './files.ts';

const unfinished = new Set<string>(UNFINISHED_JOB_STATUSES);
const SEGMENT = /^([0-9a-f]{24})\.parquet$/;
const CLUSTERED = /^([0-9a-f]{24})\.clustered\.parquet$/;
const UPLOAD = /^([0-9a-f]{24})\.csv$/;

/**
 * Start-up clean-up of the files a crash can leave (after the jobs platform failed the interrupted jobs):
 * segment temporaries (clustered copies' too); uploaded files no unfinished job will import; segments whose
 * job was never committed (a crash between the segment's rename and the metadata commit) or whose rows were
 * deleted, and clustered copies of segments no longer imported (cluster.job.ts); folders of
 * datasets that no longer exist (a deleted project). Files of unfinished jobs are kept: on PostgreSQL another
 * process may be running them. It reads the storage's listing (the folder, or the bucket) and removes through it;
 * temporaries are this node's own, in the storage's local folder. Answers what it removed.
 */
export async function sweepDatasetFiles({ db, storage }: Pick<AppContext, 'db' | 'storage'>): Promise<{
  temporaries: number;
  uploads: number;
  segments: number;
  folders: number;
}> {
  const states = new Map((await allDatasetJobStates(db)).map((s) => [s.jobId, s]));
  const running = (jobId: string) => unfinished.has(states.get(jobId)?.status ?? '');
  const removed = { temporaries: await sweepTemporaries(storage.root, running), uploads: 0, segments: 0, folders: 0 };
  const datasets = await allDatasetTypes(db);

  for (const { key } of await storage.list('uploads/')) {
    const jobId = UPLOAD.exec(key.slice('uploads/'.length))?.[1];
    const state = jobId ? states.get(jobId) : undefined;
    if (state && unfinished.has(state.status)) continue;
    await storage.delete(key);
    removed.uploads++;
  }

  const gone = new Set<string>();
  for (const { key } of await storage.list('datasets/')) {
    const [, datasetId = '', name = ''] = key.split('/');
    const type = datasets.get(datasetId);
    if (!type) {
      if (!gone.has(datasetId)) removed.folders++;
      gone.add(datasetId);
      continue;
    }
    // Other kinds of datasets (model outputs, form responses) are written by their own modules.
    if (type !== 'file') continue;
    const copyOf = CLUSTERED.exec(name)?.[1];
    if (copyOf) {
      const state = states.get(copyOf);
      if (state?.datasetId === datasetId && state.state === 'imported') continue;
      if (await deleteClusteredFiles(storage, datasetId, copyOf)) removed.segments++;
      continue;
    }
    const jobId = SEGMENT.exec(name)?.[1];
    if (!jobId) continue;
    const state = states.get(jobId);
    const wanted =
      state && state.datasetId === datasetId && (state.state === 'imported' || unfinished.has(state.status));
    if (wanted) continue;
    if (await deleteJobFiles(storage, datasetId, jobId)) removed.segments++;
  }
  // Folders in the storage's local folder of datasets that are gone (empty ones, or the cache's leftovers).
  for (const entry of await readdir(datasetsRoot(storage.root), { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || datasets.has(entry.name) || gone.has(entry.name)) continue;
    gone.add(entry.name);
    removed.folders++;
  }
  for (const datasetId of gone) await deleteDatasetFiles(storage, datasetId);
  return removed;
}
