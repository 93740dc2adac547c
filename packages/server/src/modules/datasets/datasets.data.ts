import { PassThrough, type Readable } from 'node:stream';
import { csvField, readDataset, streamCsv } from '@tessera/analytics';
import type { Cell, DatasetFilter, DatasetOrder, Pages } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { analytics, datasetCatalog, toFilters, toOrderBy } from './catalog.ts';
import type { DatasetRow } from './datasets.store.ts';

/** The `pages` of a data answer: `total` pages of `limit` rows (0 when no row matches). */
export function pagesOf(current: number, limit: number, count: number): Pages {
  const total = Math.ceil(count / limit);
  const hasNext = current < total;
  const hasPrev = current > 1;
  return { current, total, hasNext, hasPrev, next: hasNext ? current + 1 : null, prev: hasPrev ? current - 1 : null };
}

export interface PageRequest {
  jobId?: string;
  page: number;
  limit: number;
  filters?: DatasetFilter[];
  orderBy?: DatasetOrder[];
}

/**
 * One page of a dataset's rows: visible features only, each read as its type (a changed type is
 * a cast), each row keyed by feature `_id`.
 */
export async function datasetPage(db: Db, files: Storage, dataset: DatasetRow, request: PageRequest) {
  const catalog = await datasetCatalog(db, files, dataset, { jobId: request.jobId });
  const visible = catalog.features.filter((f) => !f.row.hidden);
  const jobId = request.jobId ?? null;
  const filters = toFilters(catalog, request.filters);
  const orderBy = toOrderBy(catalog, request.orderBy);
  if (!catalog.source || !visible.length) {
    return { list: [], pages: pagesOf(request.page, request.limit, 0), count: 0, jobId };
  }
  const source = catalog.source;
  const result = await analytics(() =>
    readDataset({
      source,
      columns: visible.map((f) => f.ref),
      filters,
      orderBy,
      page: request.page,
      limit: request.limit,
    }),
  );
  const list = result.rows.map((row) =>
    Object.fromEntries(visible.map((f) => [f.row.id, (row[f.ref.dbName] ?? null) as Cell])),
  );
  return { list, pages: pagesOf(request.page, request.limit, result.total), count: result.total, jobId };
}

/**
 * The dataset as CSV (visible features, header = their names, changed types cast), streamed: DuckDB writes
 * the file, which is then piped through; the answer never holds the dataset in memory.
 */
export async function datasetCsv(
  db: Db,
  files: Storage,
  dataset: DatasetRow,
  log: FastifyBaseLogger,
): Promise<Readable> {
  const catalog = await datasetCatalog(db, files, dataset);
  const visible = catalog.features.filter((f) => !f.row.hidden);
  const out = new PassThrough();
  if (!catalog.source || !visible.length) {
    out.end(visible.length ? `${visible.map((f) => csvField(f.row.name)).join(',')}\n` : '');
    return out;
  }
  streamCsv({ source: catalog.source, columns: visible.map((f) => ({ ...f.ref, header: f.row.name })), out }).catch(
    (err: unknown) => {
      log.error({ err }, 'dataset download failed');
      out.destroy(err instanceof Error ? err : new Error('download failed'));
    },
  );
  return out;
}

/** A file name for the download: the dataset's name, without characters file systems refuse. */
export function downloadFileName(name: string): string {
  const refused = (ch: string) => '\\/:*?"<>|'.includes(ch) || ch.charCodeAt(0) < 0x20;
  const base =
    [...name]
      .map((ch) => (refused(ch) ? '_' : ch))
      .join('')
      .trim() || 'dataset';
  return `${base}.csv`;
}
