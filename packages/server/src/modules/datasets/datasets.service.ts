import type { Dataset, DatasetDetail, JoinSource } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { collectionIdsInProject } from '../collections/index.ts';
import { datasetCatalog } from './catalog.ts';
import { presentDataset, presentDatasetDetail } from './datasets.presenter.ts';
import {
  collectionIdsOf,
  type DatasetRow,
  deleteDatasetRow,
  findDataset,
  insertDataset,
  listDependentDatasets,
  listProjectDatasets,
  rowCountsOf,
  setDatasetCollections,
  unfinishedJobsOf,
  updateDatasetRow,
} from './datasets.store.ts';
import { refreshFeatureStats } from './features/features.stats.ts';
import { insertFeatures, listFeatures } from './features/features.store.ts';
import { deleteDatasetFiles } from './files.ts';
import { planJoin } from './joined.ts';
import { announceDatasetUpdated, type DatasetUpdateReason } from './write.ts';

export type CreateInput =
  | { type?: 'file'; name: string; projectId: string; description?: string }
  | { type: 'joined'; name: string; projectId: string; description?: string; source: { join: JoinSource } };

/** Datasets: the metadata side. Data and uploads are in datasets.data.ts and datasets.uploads.ts. */
export class DatasetsService {
  private readonly db: Db;
  private readonly files: Storage;
  constructor(private readonly deps: Pick<AppContext, 'db' | 'storage' | 'jobs'> & { realtime: RealtimeGateway }) {
    this.db = deps.db;
    this.files = deps.storage;
  }

  async getRow(id: string): Promise<DatasetRow> {
    const row = await findDataset(this.db, id);
    if (!row) throw notFound('dataset.notFound');
    return row;
  }

  async present(row: DatasetRow): Promise<Dataset> {
    const [collections, counts] = await Promise.all([
      collectionIdsOf(this.db, [row.id]),
      rowCountsOf(this.db, [row.id]),
    ]);
    return presentDataset(row, collections.get(row.id) ?? [], counts.get(row.id) ?? 0);
  }

  async list(projectId: string, only: { imported?: boolean; id?: string } = {}): Promise<Dataset[]> {
    const rows = (await listProjectDatasets(this.db, projectId)).filter(
      (r) =>
        (only.id === undefined || r.id === only.id) && (only.imported === undefined || r.imported === only.imported),
    );
    const ids = rows.map((r) => r.id);
    const [collections, counts] = await Promise.all([collectionIdsOf(this.db, ids), rowCountsOf(this.db, ids)]);
    return rows.map((r) => presentDataset(r, collections.get(r.id) ?? [], counts.get(r.id) ?? 0));
  }

  async show(id: string): Promise<DatasetDetail> {
    const row = await this.getRow(id);
    const [collections, counts, features] = await Promise.all([
      collectionIdsOf(this.db, [id]),
      rowCountsOf(this.db, [id]),
      listFeatures(this.db, id),
    ]);
    return presentDatasetDetail(row, collections.get(id) ?? [], counts.get(id) ?? 0, features);
  }

  /** A file dataset waits for its upload; a joined dataset gets its features from its sources at once. */
  async create(userId: string, input: CreateInput): Promise<DatasetDetail> {
    const base = {
      id: newId(),
      projectId: input.projectId,
      name: input.name,
      description: input.description ?? '',
      userId,
    };
    if (input.type !== 'joined') {
      const row = await insertDataset(this.db, { ...base, type: 'file' });
      this.announce(row, 'created');
      return this.show(row.id);
    }
    const plan = await planJoin(this.db, input.projectId, input.source.join);
    const row = await this.db.transaction(async (tx) => {
      const inserted = await insertDataset(tx, {
        ...base,
        type: 'joined',
        source: { join: input.source.join },
        imported: true,
      });
      await insertFeatures(
        tx,
        plan.features.map((f) => ({ ...f, datasetId: inserted.id })),
      );
      return inserted;
    });
    // The join must read: a failure here (it should not happen after planJoin's checks) removes the dataset.
    try {
      await datasetCatalog(this.db, this.files, row);
      await refreshFeatureStats(this.db, this.files, row);
    } catch (error) {
      await deleteDatasetRow(this.db, row.id);
      throw error;
    }
    this.announce(row, 'created');
    return this.show(row.id);
  }

  async update(id: string, change: { name?: string; description?: string; collections?: string[] }): Promise<Dataset> {
    const current = await this.getRow(id);
    const { collections, ...rest } = change;
    let row = current;
    await this.db.transaction(async (tx) => {
      if (collections) {
        const wanted = [...new Set(collections)];
        const found = await collectionIdsInProject(tx, current.projectId, wanted);
        if (found.length !== wanted.length) {
          throw badRequest('dataset.folderNotFound', { collections: 'dataset.folderNotFound' });
        }
        await setDatasetCollections(tx, id, wanted);
      }
      if (Object.keys(rest).length) row = (await updateDatasetRow(tx, id, rest)) ?? current;
    });
    this.announce(row, 'updated');
    return this.present(row);
  }

  /**
   * Deletes the dataset with its features, folder links and data files. Its unfinished uploads are cancelled.
   * A dataset a joined dataset reads from answers 409: the join would break.
   */
  async delete(id: string): Promise<void> {
    const row = await this.getRow(id);
    if ((await listDependentDatasets(this.db, id)).length) throw new HttpError('conflict', 'dataset.usedByJoin');
    for (const { job } of await unfinishedJobsOf(this.db, id)) await this.deps.jobs.cancel(job.id);
    if (!(await deleteDatasetRow(this.db, id))) throw notFound('dataset.notFound');
    await deleteDatasetFiles(this.files, id);
    this.deps.realtime.emit(row.projectId, 'dataset:deleted', { _id: id }, { area: 'dataset' });
  }

  announce(row: DatasetRow, reason: DatasetUpdateReason): void {
    announceDatasetUpdated(this.deps.realtime, row, reason);
  }
}
