/**
 * Clustered copies of segments: the same rows as a job's segment, ordered by a date column, so that a query
 * filtering on that date reads only the row groups whose min/max statistics overlap the filter (DuckDB skips
 * the others). On 10,000,000 rows whose dates come in random order, a group-by filtered to six months of three
 * years took ~55 ms on the segment (a full scan) and ~17 ms on its clustered copy.
 *
 * The copy is extra: the segment stays the dataset's rows in file order (what the Data page, downloads and
 * table cards read). Only cards whose answer does not depend on row order read the copy (`Source.clustered`,
 * see source.ts and unitQuery/context.ts). Sorting inside the import would slow every import down by ~55 %
 * and change the file order, so the copy is written afterwards, in the background, on an instance of its own
 * (one thread, a 128 MB memory limit beyond which the sort spills to disk; engine.ts), so queries keep their
 * cores and the server's memory stays flat.
 */
import { withClusterConnection } from './engine.ts';
import { SEGMENT_FORMAT } from './ingest.ts';
import { segmentPath, writeClusteredSegment } from './segments.ts';
import { describeSegments } from './source.ts';
import { pathLiteral } from './sql.ts';
import { castExpression } from './types.ts';

/**
 * Segments with fewer rows get no clustered copy: a scan of a million rows already takes a few milliseconds,
 * and its ~8 row groups (DuckDB writes 122,880 rows per row group) leave little to skip.
 */
export const CLUSTER_MIN_ROWS = 1_000_000;

export interface ClusterOptions {
  dataDir: string;
  datasetId: string;
  jobId: string;
  /** The date column to order by (its db name); rows whose value is not a date come last. */
  dbName: string;
  /** Aborting interrupts DuckDB; the copy is then not written. */
  signal?: AbortSignal;
}

/**
 * Writes the clustered copy of a job's segment (`clusteredSegmentPath`, segments.ts): every column, rows ordered by the
 * date column (as queries read it as a date: `castExpression`), written like a segment (uncompressed) to a
 * temporary then renamed into place, so a reader never sees half of it. Answers the copy's path.
 */
export async function writeClusteredCopy(options: ClusterOptions): Promise<string> {
  const { dataDir, datasetId, jobId, dbName, signal } = options;
  const segment = segmentPath(dataDir, datasetId, jobId);
  return withClusterConnection(async (connection) => {
    const onAbort = () => connection.interrupt();
    signal?.addEventListener('abort', onAbort);
    try {
      if (signal?.aborted) throw new Error('The clustered copy was cancelled.');
      const columns = await describeSegments([segment], connection);
      const column = columns.find((c) => c.dbName === dbName);
      if (!column) throw new Error(`The segment has no column ${dbName}`);
      const order = castExpression(column.dbName, column.physicalType, 'date');
      return await writeClusteredSegment(dataDir, datasetId, jobId, async (tempPath) => {
        const read = `SELECT * FROM read_parquet([${pathLiteral(segment)}]) ORDER BY ${order} ASC NULLS LAST`;
        await connection.run(`COPY (${read}) TO ${pathLiteral(tempPath)} ${SEGMENT_FORMAT}`);
        if (signal?.aborted) throw new Error('The clustered copy was cancelled.');
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  });
}
