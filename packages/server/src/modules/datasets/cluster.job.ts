import { writeClusteredCopy } from '@tessera/analytics';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { findDatasetJob, recordClustered, unclusteredSegments } from './datasets.store.ts';
import { listFeatures } from './features/features.store.ts';
import { deleteClusteredFiles, putClusteredCopy, segmentKey } from './files.ts';

/** The background task (and pg-boss queue) of clustered copies (not a product job type: see `SegmentClustering`). */
export const CLUSTER_QUEUE = 'datasetSegmentCluster';
/** A copy of 10,000,000 rows takes some seconds on one thread; pg-boss expires (and retries) it after this. */
const CLUSTER_TIMEOUT_SECONDS = 60 * 60;

interface ClusterJobData {
  datasetId: string;
  jobId: string;
}

/**
 * Clustered copies of large segments (analytics clustered.ts), written in the background after an upload or
 * an append was imported: the job's rows ordered by the dataset's first date feature (by list index), which
 * chart and KPI cards then read (catalog.ts) so that date filters skip most row groups.
 *
 * It is housekeeping, not a job of the product: a background task of the jobs platform (platform/jobs/tasks.ts)
 * on its own queue (`CLUSTER_QUEUE`, a worker per process on the ROLE all/worker processes), with no row in the
 * `jobs` table, so it never shows in a project's job lists, a dataset's history or the live `job:updated` events.
 *
 * - Only segments of at least CLUSTER_MIN_ROWS rows (config), of a dataset with a date feature.
 * - The copy is written on its own DuckDB instance (one thread, 128 MB, spilling beyond) to a temporary, then
 *   renamed beside the segment; only then is it recorded (`dataset_jobs.clustered_at`), which bumps the
 *   project's data version, so readers switch to it. If the job's rows were deleted meanwhile, the copy is
 *   removed again.
 * - A failure changes nothing for the dataset (readers stay on the segment): it is logged, and pg-boss tries
 *   again a couple of times (a restart interrupts the copy, through the task's signal: its temporary is swept at
 *   start-up).
 */
export class SegmentClustering {
  constructor(
    private readonly deps: Pick<AppContext, 'db' | 'storage' | 'config' | 'jobs'> & { log: FastifyBaseLogger },
  ) {}

  /** Defines the task on the jobs platform (while the module registers), which starts and stops it with the app. */
  install(): void {
    this.deps.jobs.tasks.define<ClusterJobData>(CLUSTER_QUEUE, (data, signal) => this.run(data, signal), {
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: CLUSTER_TIMEOUT_SECONDS,
    });
  }

  /**
   * Queues the copies never made: segments imported before copies existed, a copy never queued (a crash between
   * the import's commit and the queueing) or given up after its retries. Once per start, on processes that run
   * workers; a copy queued twice is written once (the task skips a job already clustered).
   */
  async catchUp(): Promise<void> {
    if (!this.deps.jobs.runsWorkers) return;
    for (const { datasetId, jobId } of await unclusteredSegments(this.deps.db, this.config.CLUSTER_MIN_ROWS)) {
      await this.deps.jobs.tasks.send<ClusterJobData>(CLUSTER_QUEUE, { datasetId, jobId });
    }
  }

  private get config() {
    return this.deps.config;
  }

  /**
   * After an import committed job `jobId` of `datasetId` with `rowCount` rows: queues its clustered copy when
   * it needs one. Never throws: a copy that is not made only leaves cards on the segment.
   */
  async request(datasetId: string, jobId: string, rowCount: number): Promise<void> {
    try {
      if (rowCount < this.config.CLUSTER_MIN_ROWS) return;
      if (!(await clusterColumn(this.deps.db, datasetId))) return;
      await this.deps.jobs.tasks.send<ClusterJobData>(CLUSTER_QUEUE, { datasetId, jobId });
    } catch (err) {
      this.deps.log.warn({ err, datasetId, jobId }, 'could not queue the clustered copy of a segment');
    }
  }

  /** The task: writes and records the copy, unless it is no longer wanted; `signal` aborts when the app stops. */
  private async run({ datasetId, jobId }: ClusterJobData, signal: AbortSignal): Promise<void> {
    const { db, storage } = this.deps;
    const dataDir = storage.root;
    try {
      const job = await findDatasetJob(db, jobId);
      if (!job || job.datasetId !== datasetId || job.state !== 'imported' || job.clusteredAt) return;
      if ((job.rowCount ?? 0) < this.config.CLUSTER_MIN_ROWS) return;
      const column = await clusterColumn(this.deps.db, datasetId);
      if (!column) return;
      const started = performance.now();
      // The segment is read at its local path (a cached copy with an object store), then the copy is stored.
      await storage.withLocalPaths([segmentKey(datasetId, jobId)], () =>
        writeClusteredCopy({ dataDir, datasetId, jobId, dbName: column, signal }),
      );
      await putClusteredCopy(storage, datasetId, jobId);
      if (await recordClustered(db, jobId)) {
        const ms = Math.round(performance.now() - started);
        this.deps.log.info({ datasetId, jobId, rows: job.rowCount, ms }, 'wrote the clustered copy of a segment');
      } else {
        // The rows were deleted (or the dataset) while the copy was written: it must not outlive them.
        await deleteClusteredFiles(storage, datasetId, jobId);
      }
    } catch (err) {
      this.deps.log.warn({ err, datasetId, jobId }, 'could not write the clustered copy of a segment');
      throw err;
    }
  }
}

/** The db name of the dataset's first date feature (by list index), if it has one. */
async function clusterColumn(db: Db, datasetId: string): Promise<string | undefined> {
  return (await listFeatures(db, datasetId)).find((f) => f.type === 'date')?.dbName;
}
