import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { datasetsRoot, deleteClusteredSegment, deleteSegment, sweepTemporaries } from '@tessera/analytics';
import { UNFINISHED_JOB_STATUSES } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { allDatasetJobStates, allDatasetTypes } from './datasets.store.ts';
import { uploadsDir } from './upload.ts';

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
 * process may be running them. Answers what it removed.
 */
export async function sweepDatasetFiles(
  app: FastifyInstance,
): Promise<{ temporaries: number; uploads: number; segments: number; folders: number }> {
  const dataDir = app.ctx.storage.root;
  const db = app.ctx.db;
  const states = new Map((await allDatasetJobStates(db)).map((s) => [s.jobId, s]));
  const running = (jobId: string) => unfinished.has(states.get(jobId)?.status ?? '');
  const removed = { temporaries: await sweepTemporaries(dataDir, running), uploads: 0, segments: 0, folders: 0 };
  const datasets = await allDatasetTypes(db);

  for (const name of await readdir(uploadsDir(dataDir)).catch(() => [] as string[])) {
    const jobId = UPLOAD.exec(name)?.[1];
    const state = jobId ? states.get(jobId) : undefined;
    if (state && unfinished.has(state.status)) continue;
    await rm(path.join(uploadsDir(dataDir), name), { force: true });
    removed.uploads++;
  }

  const root = datasetsRoot(dataDir);
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory()) continue;
    const type = datasets.get(entry.name);
    if (!type) {
      await rm(path.join(root, entry.name), { recursive: true, force: true });
      removed.folders++;
      continue;
    }
    // Other kinds of datasets (model outputs, form responses) are written by their own modules.
    if (type !== 'file') continue;
    for (const name of await readdir(path.join(root, entry.name)).catch(() => [] as string[])) {
      const copyOf = CLUSTERED.exec(name)?.[1];
      if (copyOf) {
        const state = states.get(copyOf);
        if (state?.datasetId === entry.name && state.state === 'imported') continue;
        if (await deleteClusteredSegment(dataDir, entry.name, copyOf)) removed.segments++;
        continue;
      }
      const jobId = SEGMENT.exec(name)?.[1];
      if (!jobId) continue;
      const state = states.get(jobId);
      const wanted =
        state && state.datasetId === entry.name && (state.state === 'imported' || unfinished.has(state.status));
      if (wanted) continue;
      if (await deleteSegment(dataDir, entry.name, jobId)) removed.segments++;
    }
  }
  return removed;
}
