import {
  type ColumnRef,
  type Filter,
  joinedSource,
  type OrderBy,
  QueryError,
  type Source,
  segmentSource,
} from '@tessera/analytics';
import type { DatasetFilter, DatasetOrder } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, HttpError, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { type DatasetRow, findDataset, type ImportedJob, importedJobs } from './datasets.store.ts';
import { type FeatureRow, listFeatures } from './features/features.store.ts';
import { clusteredKey, segmentKey } from './files.ts';

/**
 * The catalog of a dataset: the relation its queries read (an analytics `Source`) and, for each feature, the
 * column reference a query uses (its stable db name, its stored type, the type it is read as). Identifiers in
 * SQL only ever come from here.
 *
 * - A file dataset (and any dataset made of segments) reads the segments of its imported jobs, in import order,
 *   or one job's segment when `jobId` is given. Its source also has a clustered relation (`Source.clustered`)
 *   when some of those jobs have a recorded clustered copy: each job's copy, else its segment. Only chart and
 *   KPI cards read it (analytics unitQuery/context.ts); everything else reads the segments in file order.
 * - A joined dataset reads its two sources' catalogs as they are now, so an append to a source shows in the
 *   join at once. Its sources must still be in its project: after a transfer, a join never reads another
 *   project's data.
 *
 * The segments are read at the local paths the storage answers (`localPath`): the folder's own files, or the
 * object store's cached copies, fetched here on a first read (platform/storage/).
 */
export interface CatalogFeature {
  row: FeatureRow;
  ref: ColumnRef;
}

export interface Catalog {
  dataset: DatasetRow;
  /** Undefined while the dataset has no column yet (a file dataset before its upload). */
  source: Source | undefined;
  /** Features whose column the source has, in list order (hidden ones included). */
  features: CatalogFeature[];
  byId: Map<string, CatalogFeature>;
  /** The imported jobs whose segments the source reads (a joined dataset: both sides'), oldest first. */
  jobs: ImportedJob[];
}

/** How deep joins of joined datasets may nest. */
const MAX_JOIN_DEPTH = 4;

export async function datasetCatalog(
  db: Db,
  files: Storage,
  dataset: DatasetRow,
  options: { jobId?: string; depth?: number } = {},
): Promise<Catalog> {
  const rows = await listFeatures(db, dataset.id);
  const depth = options.depth ?? 0;
  if (dataset.type === 'joined') {
    if (options.jobId) throw badRequest('dataset.joinedHasNoJobs', { jobId: 'dataset.notJobOfDataset' });
    return joinedCatalog(db, files, dataset, rows, depth);
  }
  const imported = await importedJobs(db, dataset.id);
  let jobs = imported;
  if (options.jobId) {
    jobs = imported.filter((j) => j.jobId === options.jobId);
    if (!jobs.length) throw notFound('dataset.jobNotFound');
  }
  if (!rows.length) return build(dataset, undefined, [], jobs);
  const segments = await Promise.all(jobs.map((j) => files.localPath(segmentKey(dataset.id, j.jobId))));
  const clustered = await Promise.all(
    jobs.map((j, i) => (j.clusteredAt ? files.localPath(clusteredKey(dataset.id, j.jobId)) : segments[i]!)),
  );
  const source = segmentSource(
    segments,
    rows.map((f) => ({ dbName: f.dbName, physicalType: f.physicalType })),
    { clusteredPaths: clustered },
  );
  return build(
    dataset,
    source,
    rows.map((row) => ({
      row,
      ref: { dbName: row.dbName, type: row.type, castFrom: row.physicalType, dateFormat: row.dateFormat },
    })),
    jobs,
  );
}

async function joinedCatalog(
  db: Db,
  files: Storage,
  dataset: DatasetRow,
  rows: FeatureRow[],
  depth: number,
): Promise<Catalog> {
  const join = dataset.source.join;
  if (!join || depth >= MAX_JOIN_DEPTH) throw conflict('dataset.joinSourceMissing');
  const [step, right] = join;
  const sides = await Promise.all([step._id, right._id].map((id) => findDataset(db, id)));
  if (sides.some((s) => !s || s.projectId !== dataset.projectId)) throw conflict('dataset.joinSourceMissing');
  const [leftCatalog, rightCatalog] = await Promise.all(
    sides.map((side) => datasetCatalog(db, files, side!, { depth: depth + 1 })),
  );
  if (!leftCatalog.source || !rightCatalog.source) throw conflict('dataset.joinSourceMissing');
  const on = step.on.map(([l, r]): [string, string] => {
    const lf = leftCatalog.byId.get(l);
    const rf = rightCatalog.byId.get(r);
    if (!lf || !rf) throw conflict('dataset.joinColumnMissing');
    return [lf.ref.dbName, rf.ref.dbName];
  });
  // A join reads its sides' segments in file order (`joinedSource` keeps no clustered relation).
  const source = joinedSource({ left: leftCatalog.source, right: rightCatalog.source, on, type: step.type });
  const physical = new Map(source.columns.map((c) => [c.dbName, c.physicalType]));
  // A source feature deleted since the join was made leaves its joined feature without a column: it is skipped.
  const features = rows.flatMap((row) => {
    const castFrom = physical.get(row.dbName);
    return castFrom ? [{ row, ref: { dbName: row.dbName, type: row.type, castFrom } }] : [];
  });
  return build(dataset, source, features, [...leftCatalog.jobs, ...rightCatalog.jobs]);
}

function build(
  dataset: DatasetRow,
  source: Source | undefined,
  features: CatalogFeature[],
  jobs: ImportedJob[],
): Catalog {
  return { dataset, source, features, byId: new Map(features.map((f) => [f.row.id, f])), jobs };
}

/** A feature of the catalog, or 400 naming the field. */
function featureRef(catalog: Catalog, featureId: string, field: string): ColumnRef {
  const feature = catalog.byId.get(featureId);
  if (!feature) throw badRequest('dataset.unknownFeature', { [field]: 'dataset.notFeatureOfDataset' });
  return feature.ref;
}

/** API filters (by feature id) to analytics filters (by column reference). */
export function toFilters(catalog: Catalog, filters: DatasetFilter[] = []): Filter[] {
  return filters.map(({ featureId, ...rest }, i) => ({
    ...rest,
    column: featureRef(catalog, featureId, `filters.${i}`),
  }));
}

export function toOrderBy(catalog: Catalog, orderBy: DatasetOrder[] = []): OrderBy[] {
  return orderBy.map((o, i) => ({ column: featureRef(catalog, o.featureId, `orderBy.${i}`), direction: o.direction }));
}

/** Runs analytics work, answering its query errors (a filter that does not fit its feature...) as 400. */
export async function analytics<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof QueryError) throw new HttpError('bad-request', error.said);
    throw error;
  }
}
