import { columnStats, readDataset } from '@tessera/analytics';
import { FEATURE_PREVIEW_SIZE } from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import type { Storage } from '../../../platform/storage/index.ts';
import { datasetCatalog } from '../catalog.ts';
import type { DatasetRow } from '../datasets.store.ts';
import { type FeatureRow, updateFeatureRow } from './features.store.ts';

type Stats = FeatureRow['stats'];
type Scalar = string | number | boolean | null;
const EMPTY: Stats = { min: null, max: null, avg: null };
const scalar = (v: unknown): Scalar =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? (v ?? null)
    : String(v);

/**
 * Recomputes the stored stats and preview of a dataset's features (all, or those named) from its data as it is
 * now, each read as its current type: after an append or a job's rows were deleted, after a type change, and
 * for a new joined dataset. Like detection, stats are kept for numbers (min, max, mean) and dates and times
 * (min, max); other types keep none.
 */
export async function refreshFeatureStats(db: Db, files: Storage, dataset: DatasetRow, onlyIds?: string[]) {
  const catalog = await datasetCatalog(db, files, dataset);
  const source = catalog.source;
  const wanted = catalog.features.filter((f) => !onlyIds || onlyIds.includes(f.row.id));
  if (!source || !wanted.length) return;
  const { rows } = await readDataset({ source, columns: wanted.map((f) => f.ref), limit: FEATURE_PREVIEW_SIZE });
  for (const f of wanted) {
    let stats = EMPTY;
    if (f.ref.type === 'number' || f.ref.type === 'date' || f.ref.type === 'time') {
      const s = await columnStats(source, f.ref);
      stats = { min: scalar(s.min), max: scalar(s.max), avg: f.ref.type === 'number' ? s.avg : null };
    }
    const preview = rows.map((r) => scalar(r[f.ref.dbName]));
    await updateFeatureRow(db, f.row.id, { stats, preview });
  }
}
