import type { Collection } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { presentCollection } from './collections.presenter.ts';
import {
  deleteCollectionRow,
  findCollection,
  insertCollection,
  listProjectCollections,
  nameTaken,
  updateCollectionRow,
} from './collections.store.ts';

const nameTakenError = () => badRequest('dataset.folderNameTaken', { name: 'dataset.folderNameTaken' });

/** A unique index guards the name against two concurrent creations; its violation means the same as the check. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Folders of datasets: name required and unique in the project, description optional. */
export class CollectionsService {
  private readonly db: Db;
  private readonly realtime: RealtimeGateway;
  constructor(deps: { db: Db; realtime: RealtimeGateway }) {
    this.db = deps.db;
    this.realtime = deps.realtime;
  }

  async list(projectId: string): Promise<Collection[]> {
    return (await listProjectCollections(this.db, projectId)).map(presentCollection);
  }

  async create(userId: string, input: { projectId: string; name: string; description?: string }): Promise<Collection> {
    if (await nameTaken(this.db, input.projectId, input.name)) throw nameTakenError();
    try {
      const row = await insertCollection(this.db, {
        id: newId(),
        projectId: input.projectId,
        name: input.name,
        description: input.description ?? '',
        userId,
      });
      this.announce(row.projectId, row.id, false);
      return presentCollection(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTakenError();
      throw error;
    }
  }

  async update(id: string, change: { name?: string; description?: string }): Promise<Collection> {
    const current = await findCollection(this.db, id);
    if (!current) throw notFound('dataset.folderNotFound');
    if (change.name !== undefined && (await nameTaken(this.db, current.projectId, change.name, id))) {
      throw nameTakenError();
    }
    try {
      const row = await updateCollectionRow(this.db, id, change);
      if (!row) throw notFound('dataset.folderNotFound');
      this.announce(row.projectId, row.id, false);
      return presentCollection(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTakenError();
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    const current = await findCollection(this.db, id);
    if (!current || !(await deleteCollectionRow(this.db, id))) throw notFound('dataset.folderNotFound');
    this.announce(current.projectId, id, true);
  }

  private announce(projectId: string, id: string, deleted: boolean) {
    this.realtime.emit(projectId, 'collection:updated', { _id: id, deleted }, { area: 'dataset' });
  }
}
