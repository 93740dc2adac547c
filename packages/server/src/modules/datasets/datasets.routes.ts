import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../platform/errors.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { datasetCsv, datasetPage, downloadFileName } from './datasets.data.ts';
import { DatasetsService } from './datasets.service.ts';
import { type DatasetUseReaders, datasetUses } from './datasetUses.ts';
import { UploadAbortedError } from './upload.ts';
import { UploadsService } from './uploads.service.ts';

/**
 * Datasets: metadata, uploads and appends as jobs, data pages, download, history.
 * The import jobs are defined by the module's `jobs` (datasets.jobs.ts).
 */
export function datasetsRoutes(uses: DatasetUseReaders = {}) {
  return async (app: FastifyInstance) => registerDatasetsRoutes(app, uses);
}

async function registerDatasetsRoutes(app: FastifyInstance, uses: DatasetUseReaders) {
  const { db, jobs } = app.ctx;
  const files = app.ctx.storage;
  const realtime = realtimeOf(app);
  const datasets = new DatasetsService({ db, storage: files, jobs, realtime });
  const uploads = new UploadsService({ db, storage: files, jobs, realtime, log: app.log }, datasets);

  route(app, api.listDatasets, ({ query }) =>
    datasets.list(query.projectId, { imported: query.imported, id: query.id }),
  );
  route(app, api.getDataset, ({ params }) => datasets.show(params.id));
  route(app, api.createDataset, ({ auth, body }) => datasets.create(auth.user.id, body));
  route(app, api.updateDataset, ({ params, body }) => datasets.update(params.id, body));
  route(app, api.getDatasetUses, ({ params }) => datasetUses(db, params.id, uses));
  route(app, api.deleteDataset, async ({ params }) => {
    await datasets.delete(params.id);
    return { ok: true as const };
  });

  const receive =
    (kind: 'upload' | 'append') =>
    async ({
      auth,
      params,
      request,
    }: {
      auth: { user: { id: string } };
      params: { id: string };
      request: import('fastify').FastifyRequest;
    }) => {
      try {
        return await uploads.receive(auth.user.id, params.id, request, kind);
      } catch (error) {
        // The client went away mid-upload: nobody reads this answer, but it must not count as a server fault.
        if (error instanceof UploadAbortedError) throw new HttpError('bad-request', 'dataset.cancelledByUser');
        throw error;
      }
    };
  route(app, api.uploadDataset, receive('upload'));
  route(app, api.appendDataset, receive('append'));
  route(app, api.failDatasetJob, ({ params, body }) => uploads.failUploads(params.id, body?.jobId));
  route(app, api.listProjectDatasetJobs, ({ query }) => uploads.queue(query.projectId, query.limit));
  route(app, api.datasetHistory, ({ params }) => uploads.history(params.id));
  route(app, api.deleteDatasetJobData, ({ params }) => uploads.deleteJobData(params.id, params.jobId));

  route(app, api.datasetData, async ({ params, query, body }) =>
    datasetPage(db, files, await datasets.getRow(params.id), { ...query, ...(body ?? {}) }),
  );
  route(app, api.downloadDataset, async ({ params, reply }) => {
    const dataset = await datasets.getRow(params.id);
    const stream = await datasetCsv(db, files, dataset, app.log);
    const name = downloadFileName(dataset.name);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      )
      .send(stream);
  });
}
