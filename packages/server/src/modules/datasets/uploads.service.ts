import { rm } from 'node:fs/promises';
import { IngestError } from '@tessera/analytics';
import type { DatasetJob } from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { codedMessage, failureOf } from '../../platform/jobs/index.ts';
import { checkAppendHeader } from './appendCheck.ts';
import { presentDatasetJob } from './datasets.presenter.ts';
import type { DatasetsService } from './datasets.service.ts';
import {
  findJobWithData,
  insertDatasetJob,
  listDatasetJobs,
  listProjectDatasetJobs,
  unfinishedJobsOf,
  updateDatasetJob,
  updateDatasetRow,
} from './datasets.store.ts';
import { deleteJobFiles, uploadKey } from './files.ts';
import { type ImportJobData, refreshAfterDataChange } from './import.job.ts';
import { openCsvPart, storePart, uploadPath } from './upload.ts';
import type { DatasetWriteDeps } from './write.ts';

/**
 * Uploads, appends and their history: the file streams to the storage's `uploads/{jobId}.csv` while
 * its job is `continue`; once stored, the job is queued and the answer goes back at once. The import itself is
 * the job (import.job.ts).
 */
export class UploadsService {
  private readonly db: Db;
  private readonly dataDir: string;
  constructor(
    private readonly deps: DatasetWriteDeps & Pick<AppContext, 'jobs'>,
    private readonly datasets: DatasetsService,
  ) {
    this.db = deps.db;
    this.dataDir = deps.storage.root;
  }

  async receive(
    userId: string,
    datasetId: string,
    request: FastifyRequest,
    kind: 'upload' | 'append',
  ): Promise<DatasetJob> {
    const dataset = await this.datasets.getRow(datasetId);
    if (dataset.type !== 'file') throw badRequest('dataset.notAFile');
    if (kind === 'upload' && dataset.imported) throw conflict('dataset.alreadyUploaded');
    if (kind === 'append' && !dataset.imported) throw conflict('dataset.notImported');
    if (kind === 'upload' && (await unfinishedJobsOf(this.db, datasetId)).length)
      throw conflict('dataset.uploadRunning');

    const part = await openCsvPart(request);
    const jobs = this.deps.jobs;
    const job = await jobs.hold({
      projectId: dataset.projectId,
      type: kind === 'upload' ? 'featureDetection' : 'append',
      ownerType: 'dataset',
      ownerId: datasetId,
      userId,
      name: part.filename,
    });
    await insertDatasetJob(this.db, { jobId: job.id, datasetId, kind, fileName: part.filename });
    // Received into the storage's local folder (the object store's cache), checked there, then stored under its
    // key (multipart for an object store), where the import reads it on any worker.
    const target = uploadPath(this.dataDir, job.id);
    try {
      const bytes = await storePart(part, target);
      await updateDatasetJob(this.db, job.id, { bytes });
      if (kind === 'append') await this.checkHeader(target, dataset.columns);
      await this.deps.storage.putFile(uploadKey(job.id), target);
      const data: ImportJobData = { datasetId, kind };
      await jobs.release(job.id, data);
    } catch (error) {
      await rm(target, { force: true });
      await this.deps.storage.delete(uploadKey(job.id));
      await jobs.fail(job.id, error instanceof Error ? failureOf(error) : codedMessage('dataset.cancelledByUser'));
      throw error;
    }
    const found = await findJobWithData(this.db, job.id);
    if (!found) throw notFound('dataset.jobNotFound');
    return presentDatasetJob(found.job, found.data);
  }

  /** An append's column names must be the original file's: else 400 naming the difference. */
  private async checkHeader(csvPath: string, columns: Array<{ name: string; dbName: string; physicalType: string }>) {
    try {
      await checkAppendHeader(csvPath, columns);
    } catch (error) {
      if (error instanceof IngestError) {
        throw badRequest(error.said, { file: error.said });
      }
      throw error;
    }
  }

  /** The user left during an upload: its jobs still receiving bytes (or the one named) are failed. */
  async failUploads(datasetId: string, jobId?: string): Promise<DatasetJob[]> {
    await this.datasets.getRow(datasetId);
    const failed: DatasetJob[] = [];
    for (const { job, data } of await unfinishedJobsOf(this.db, datasetId)) {
      if (job.status !== 'continue' || (jobId && job.id !== jobId)) continue;
      const row = await this.deps.jobs.fail(job.id, codedMessage('dataset.cancelledByUser'));
      if (row) failed.push(presentDatasetJob(row, data));
    }
    return failed;
  }

  async history(datasetId: string) {
    const dataset = await this.datasets.getRow(datasetId);
    const rows = await listDatasetJobs(this.db, datasetId);
    return {
      originalFileName: dataset.source.originalFileName ?? null,
      timeCreated: dataset.timeCreated.toISOString(),
      lastUpdated: dataset.lastUpdated.toISOString(),
      jobs: rows.map((r) => presentDatasetJob(r.job, r.data)),
    };
  }

  /** The sidebar's upload queue. */
  async queue(projectId: string, limit: number): Promise<DatasetJob[]> {
    return (await listProjectDatasetJobs(this.db, projectId, limit)).map((r) => presentDatasetJob(r.job, r.data));
  }

  /** Removes exactly the rows one job brought: its segment (and clustered copy) is no longer read, then deleted. */
  async deleteJobData(datasetId: string, jobId: string) {
    const dataset = await this.datasets.getRow(datasetId);
    const found = await findJobWithData(this.db, jobId);
    if (!found || found.data.datasetId !== datasetId || found.data.state !== 'imported') {
      throw notFound('dataset.jobNotFound');
    }
    const row = await this.db.transaction(async (tx) => {
      await updateDatasetJob(tx, jobId, { state: 'deleted', clusteredAt: null });
      return updateDatasetRow(tx, datasetId, {});
    });
    await deleteJobFiles(this.deps.storage, datasetId, jobId);
    await refreshAfterDataChange(this.deps, row ?? dataset);
    this.datasets.announce(row ?? dataset, 'dataDeleted');
    return this.datasets.present(row ?? dataset);
  }
}
