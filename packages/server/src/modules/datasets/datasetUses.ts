import type { DatasetUses } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { listDependentDatasets } from './datasets.store.ts';

/**
 * What uses a dataset, read by the modules that hold the users (filled in app.ts): the cards that draw on it
 * (dashboards) and the models that read or write it (models). The datasets module knows its joined datasets.
 */
export interface DatasetUseReaders {
  cards?: (
    db: Db,
    datasetId: string,
  ) => Promise<
    { id: string; name: string; dashboardId: string; dashboardName: string; dashboardType: 'Dashboard' | 'Report' }[]
  >;
  models?: (db: Db, datasetId: string) => Promise<{ id: string; name: string }[]>;
}

/** The Delete Dataset dialog's list: the cards and models that lose their data, the joined datasets that refuse. */
export async function datasetUses(db: Db, datasetId: string, readers: DatasetUseReaders): Promise<DatasetUses> {
  const [cards, models, joined] = await Promise.all([
    readers.cards?.(db, datasetId) ?? [],
    readers.models?.(db, datasetId) ?? [],
    listDependentDatasets(db, datasetId),
  ]);
  return {
    cards: cards.map((c) => ({
      _id: c.id,
      name: c.name,
      dashboard: { _id: c.dashboardId, name: c.dashboardName, type: c.dashboardType },
    })),
    models: models.map((m) => ({ _id: m.id, name: m.name })),
    datasets: joined.map((d) => ({ _id: d.id, name: d.name })),
  };
}
