import { deleteClusteredSegment, writeClusteredCopy } from '@tessera/analytics';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { BOSS_SCHEMA, databaseClient, ensureQueue, type QueueOptions } from '../../platform/jobs/boss.ts';
import { listFeatures } from '../features/features.store.ts';
import { findDatasetJob, recordClustered } from './datasets.store.ts';

/** The pg-boss queue of clustered copies (not a product job type: see `SegmentClustering`). */
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
 * It is housekeeping, not a job of the product: it runs on its own pg-boss queue of the metadata database
 * (`CLUSTER_QUEUE`, a worker per process on the ROLE all/worker processes) but has no row in the `jobs`
 * table, so it never shows in a project's job lists, a dataset's history or the live `job:updated` events.
 *
 * - Only segments of at least CLUSTER_MIN_ROWS rows (config), of a dataset with a date feature.
 * - The copy is written on its own DuckDB instance (one thread, 128 MB, spilling beyond) to a temporary, then
 *   renamed beside the segment; only then is it recorded (`dataset_jobs.clustered_at`), which bumps the
 *   project's data version, so readers switch to it. If the job's rows were deleted meanwhile, the copy is
 *   removed again.
 * - A failure changes nothing for the dataset (readers stay on the segment): it is logged, and pg-boss tries
 *   again a couple of times (a restart interrupts the copy: its temporary is swept at start-up).
 */
export class SegmentClustering {
  private boss: PgBoss | undefined;
  private workerId: string | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly app: FastifyInstance) {}

  /** Starts the queue with the app (after the jobs platform) and stops it before the database closes. */
  install(): void {
    // Without its queue the server still runs: imports just get no copy (logged).
    this.app.addHook('onReady', () =>
      this.start().catch((err) => this.app.log.error({ err }, 'the clustering queue did not start')),
    );
    this.app.addHook('preClose', () => this.stop());
  }

  private get config() {
    return this.app.ctx.config;
  }

  private async start(): Promise<void> {
    // The jobs platform's pg-boss (started first) created the schema and does the maintenance.
    const boss = new PgBoss({
      db: databaseClient(this.app.ctx.database),
      schema: BOSS_SCHEMA,
      schedule: false,
      supervise: false,
      migrate: false,
      pollingIntervalSeconds: this.config.JOBS_POLLING_SECONDS,
    });
    boss.on('error', (err) => this.app.log.error({ err }, 'clustering queue error'));
    await boss.start();
    this.boss = boss;
    const queue: QueueOptions & { retryDelay: number } = {
      name: CLUSTER_QUEUE,
      policy: 'standard',
      retryLimit: 2,
      retryDelay: 30,
      expireInSeconds: CLUSTER_TIMEOUT_SECONDS,
    };
    await ensureQueue(boss, queue);
    if (this.config.ROLE === 'api') return;
    this.workerId = await boss.work<ClusterJobData>(
      CLUSTER_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.config.JOBS_POLLING_SECONDS },
      async ([job]) => this.run(job.data),
    );
  }

  private async stop(): Promise<void> {
    // A copy in progress is interrupted: pg-boss fails it (and retries it later, on whichever process).
    this.stopping.abort();
    await this.boss?.stop({ graceful: true, close: false, wait: true, timeout: 2000 });
  }

  /**
   * After an import committed job `jobId` of `datasetId` with `rowCount` rows: queues its clustered copy when
   * it needs one. Never throws: a copy that is not made only leaves cards on the segment.
   */
  async request(datasetId: string, jobId: string, rowCount: number): Promise<void> {
    try {
      if (rowCount < this.config.CLUSTER_MIN_ROWS || !this.boss) return;
      if (!(await clusterColumn(this.app, datasetId))) return;
      await this.boss.send(CLUSTER_QUEUE, { datasetId, jobId } satisfies ClusterJobData);
      if (this.workerId) this.boss.notifyWorker(this.workerId);
    } catch (err) {
      this.app.log.warn({ err, datasetId, jobId }, 'could not queue the clustered copy of a segment');
    }
  }

  /** The job: writes and records the copy, unless it is no longer wanted. */
  private async run({ datasetId, jobId }: ClusterJobData): Promise<void> {
    const { db } = this.app.ctx;
    const dataDir = this.config.DATA_DIR;
    try {
      const job = await findDatasetJob(db, jobId);
      if (!job || job.datasetId !== datasetId || job.state !== 'imported' || job.clusteredAt) return;
      if ((job.rowCount ?? 0) < this.config.CLUSTER_MIN_ROWS) return;
      const column = await clusterColumn(this.app, datasetId);
      if (!column) return;
      const started = performance.now();
      await writeClusteredCopy({ dataDir, datasetId, jobId, dbName: column, signal: this.stopping.signal });
      if (await recordClustered(db, jobId)) {
        const ms = Math.round(performance.now() - started);
        this.app.log.info({ datasetId, jobId, rows: job.rowCount, ms }, 'wrote the clustered copy of a segment');
      } else {
        // The rows were deleted (or the dataset) while the copy was written: it must not outlive them.
        await deleteClusteredSegment(dataDir, datasetId, jobId);
      }
    } catch (err) {
      this.app.log.warn({ err, datasetId, jobId }, 'could not write the clustered copy of a segment');
      throw err;
    }
  }
}

/** The db name of the dataset's first date feature (by list index), if it has one. */
async function clusterColumn(app: FastifyInstance, datasetId: string): Promise<string | undefined> {
  return (await listFeatures(app.ctx.db, datasetId)).find((f) => f.type === 'date')?.dbName;
}
