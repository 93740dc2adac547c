import {
  castReport,
  categories,
  columnStats,
  previewCast,
  readDataset,
  uniqueValues,
  withConnection,
} from '@tessera/analytics';
import {
  type CastReport,
  type Cell,
  type DateFormatChoice,
  type Feature,
  type FeatureType,
  isDateFormatChoice,
} from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import { HttpError, notFound } from '../../../platform/errors.ts';
import type { RealtimeGateway } from '../../../platform/realtime.ts';
import type { Storage } from '../../../platform/storage/index.ts';
import { analytics, type Catalog, datasetCatalog } from '../catalog.ts';
import { type DatasetRow, findDataset, listDependentDatasets } from '../datasets.store.ts';
import { announceDatasetUpdated } from '../write.ts';
import { presentFeature } from './features.presenter.ts';
import { refreshFeatureStats } from './features.stats.ts';
import {
  deleteFeatureRow,
  type FeatureRow,
  findFeature,
  listFeatures,
  listProjectFeatureRows,
  updateFeatureRow,
} from './features.store.ts';

const scalar = (v: unknown): Cell =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? (v ?? null)
    : String(v);

/** Features: metadata changes, and the values, stats and categories read through DuckDB. */
export class FeaturesService {
  private readonly db: Db;
  private readonly files: Storage;
  private readonly realtime: RealtimeGateway;
  constructor(deps: { db: Db; storage: Storage; realtime: RealtimeGateway }) {
    this.db = deps.db;
    this.files = deps.storage;
    this.realtime = deps.realtime;
  }

  async listOfDataset(datasetId: string): Promise<Feature[]> {
    return (await listFeatures(this.db, datasetId)).map(presentFeature);
  }

  async listOfProject(projectId: string): Promise<Feature[]> {
    return (await listProjectFeatureRows(this.db, projectId)).map(presentFeature);
  }

  private async load(featureId: string): Promise<{ feature: FeatureRow; dataset: DatasetRow }> {
    const feature = await findFeature(this.db, featureId);
    const dataset = feature && (await findDataset(this.db, feature.datasetId));
    if (!feature || !dataset) throw notFound('dashboard.featureNotFound');
    return { feature, dataset };
  }

  /** Rename, hide, describe, change the type: a type change recomputes the feature's stats and preview for it. */
  async update(
    featureId: string,
    change: {
      name?: string;
      hidden?: boolean;
      description?: string;
      type?: FeatureType;
      dateFormat?: DateFormatChoice | null;
    },
  ): Promise<Feature> {
    const { feature, dataset } = await this.load(featureId);
    let row = await updateFeatureRow(this.db, featureId, change);
    if (!row) throw notFound('dashboard.featureNotFound');
    const formatChanged = change.dateFormat !== undefined && change.dateFormat !== feature.dateFormat;
    if ((change.type && change.type !== feature.type) || formatChanged) {
      await refreshFeatureStats(this.db, this.files, dataset, [featureId]);
      row = (await findFeature(this.db, featureId)) ?? row;
    }
    announceDatasetUpdated(this.realtime, dataset, 'featuresUpdated');
    return presentFeature(row);
  }

  /** A feature that a joined dataset joins on cannot be deleted (the join would break). */
  async delete(featureId: string): Promise<void> {
    const { feature, dataset } = await this.load(featureId);
    const dependents = await listDependentDatasets(this.db, dataset.id);
    if (dependents.some((d) => d.source.join?.[0].on.some((pair) => pair.includes(featureId)))) {
      throw new HttpError('conflict', 'dataset.joinUsesFeature');
    }
    await deleteFeatureRow(this.db, feature.id);
    announceDatasetUpdated(this.realtime, dataset, 'featuresUpdated');
  }

  private async catalogOf(featureId: string, jobId?: string) {
    const { feature, dataset } = await this.load(featureId);
    const catalog: Catalog = await datasetCatalog(this.db, this.files, dataset, { jobId });
    const entry = catalog.byId.get(feature.id);
    if (!entry && catalog.source) throw new HttpError('conflict', 'dataset.joinColumnMissing');
    return { feature, source: catalog.source, ref: entry?.ref };
  }

  /**
   * The feature's first values (or its distinct values), read as its type or as `castedType` (the type
   * dialog's preview: nothing is saved; `original` holds the stored values beside them).
   */
  async data(
    featureId: string,
    query: { unique?: boolean; jobId?: string; limit: number; castedType?: FeatureType; dateFormat?: DateFormatChoice },
  ): Promise<{ type: FeatureType; values: Cell[]; original?: Cell[]; report?: CastReport }> {
    const { feature, source, ref } = await this.catalogOf(featureId, query.jobId);
    const type = query.castedType ?? feature.type;
    if (!source || !ref) return { type, values: [] };
    const column = { ...ref, type };
    if (query.unique) {
      const values = await analytics(() => uniqueValues(source, column, { limit: query.limit }));
      return { type, values: values.map(scalar) };
    }
    if (query.castedType) {
      // previewCast reads the stored column: the source's own type for it.
      // The format asked for, else the one the feature keeps (a date stays read as it is now).
      const format = query.dateFormat ?? (type === 'date' ? ref.dateFormat : null);
      const [rows, report] = await analytics(() =>
        withConnection(
          async (c) =>
            [
              await previewCast(source, ref.dbName, type, query.limit, c, format),
              await castReport(source, ref.dbName, type, format, c),
            ] as const,
        ),
      );
      return {
        type,
        values: rows.map((r) => scalar(r.value)),
        original: rows.map((r) => scalar(r.original)),
        report: { ...report, formats: report.formats.filter((f) => isDateFormatChoice(f.format)) } as CastReport,
      };
    }
    const { rows } = await analytics(() => readDataset({ source, columns: [column], limit: query.limit }));
    return { type, values: rows.map((r) => scalar(r[ref.dbName])) };
  }

  async stats(featureId: string, jobId?: string) {
    const { source, ref } = await this.catalogOf(featureId, jobId);
    if (!source || !ref) return { min: null, max: null, avg: null, count: 0, nulls: 0, distinct: 0 };
    const s = await analytics(() => columnStats(source, ref));
    return { ...s, min: scalar(s.min), max: scalar(s.max) };
  }

  async categories(featureId: string, query: { limit: number; jobId?: string }) {
    const { source, ref } = await this.catalogOf(featureId, query.jobId);
    if (!source || !ref) return [];
    const list = await analytics(() => categories(source, ref, { limit: query.limit }));
    return list.map((c) => ({ value: scalar(c.value), count: c.count }));
  }
}
