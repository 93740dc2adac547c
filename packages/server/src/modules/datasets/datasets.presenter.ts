import type { Dataset, DatasetDetail, DatasetJob } from '@tessera/shared';
import { presentJob } from '../../platform/jobs/jobs.presenter.ts';
import type { DatasetJobRow, DatasetRow, JobRow } from './datasets.store.ts';
import { presentFeature } from './features/features.presenter.ts';
import type { FeatureRow } from './features/features.store.ts';

/** A dataset row as the API shows it; `columns` and internal fields stay on the server. */
export function presentDataset(row: DatasetRow, collections: string[], rowCount: number): Dataset {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    projectId: row.projectId,
    collections,
    source: row.source,
    imported: row.imported,
    rowCount,
    user: { id: row.userId },
    timeCreated: row.timeCreated.toISOString(),
    lastUpdated: row.lastUpdated.toISOString(),
  };
}

export function presentDatasetDetail(
  row: DatasetRow,
  collections: string[],
  rowCount: number,
  features: FeatureRow[],
): DatasetDetail {
  return { ...presentDataset(row, collections, rowCount), features: features.map(presentFeature) };
}

/** A dataset's job with what it brought (the upload answer and the Append History). */
export function presentDatasetJob(job: JobRow, data: DatasetJobRow): DatasetJob {
  return {
    ...presentJob(job),
    kind: data.kind,
    fileName: data.fileName,
    bytes: data.bytes,
    rowCount: data.rowCount,
    dataDeleted: data.state === 'deleted',
  };
}
