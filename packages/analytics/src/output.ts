import { type DetectedColumn, detectColumns } from './detect.ts';
import { withIngestConnection } from './engine.ts';
import { SEGMENT_FORMAT } from './ingest.ts';
import { writeSegment } from './segments.ts';
import { describeSegments } from './source.ts';
import { pathLiteral, quoteName } from './sql.ts';

/**
 * A model's output file (Parquet from the run, or a one-row table from a JSON-able result) becomes one segment of
 * its Model Output dataset, the way a CSV import does (analytics/ingest.ts): DuckDB copies it with the columns
 * renamed to their db names and it is renamed into place only once written (`segmentId` names it: the dataset
 * job's id). A column whose name the dataset
 * already has keeps that column's db name (cards keep working); a new one gets the next free `c{n}`.
 *
 * Only what a run needs before it says 'finished' is computed here (the per-run overhead): the types
 * and statistics of the new columns (their features are created with them); the known columns' statistics are
 * refreshed over the whole dataset after 'finished'. A known column's type across the dataset is read from the
 * earlier segments only when this segment's type differs from the dataset's (a later run may widen a type):
 * the earlier segments' footers are not read again on every run.
 */

export interface KnownOutputColumn {
  name: string;
  dbName: string;
  /** Its type across the dataset's segments. */
  physicalType: string;
}

interface WrittenColumn {
  name: string;
  dbName: string;
  physicalType: string;
  /** Across this segment and `otherSegments`. */
  datasetPhysicalType: string;
}

/** A column the dataset did not have, with its detected type and statistics. */
export type NewModelOutputColumn = WrittenColumn & { isNew: true; detected: DetectedColumn };

/** A column of the written segment: a new one, or a known one. */
export type ModelOutputColumn = NewModelOutputColumn | (WrittenColumn & { isNew: false });

function dbNamesFor(names: string[], known: KnownOutputColumn[]): Array<{ dbName: string; isNew: boolean }> {
  const byName = new Map(known.map((k) => [k.name, k.dbName]));
  let next = 1 + Math.max(-1, ...known.map((k) => Number(/^c(\d+)$/.exec(k.dbName)?.[1] ?? -1)));
  return names.map((name) => {
    const dbName = byName.get(name);
    return dbName ? { dbName, isNew: false } : { dbName: `c${next++}`, isNew: true };
  });
}

export async function ingestOutput(options: {
  dataDir: string;
  datasetId: string;
  segmentId: string;
  /** A Parquet file, or a JSON file holding one object (a one-row table). */
  file: string;
  format: 'parquet' | 'json';
  known: KnownOutputColumn[];
  /** The dataset's segments that stay readable alongside this one (empty for result storage latest). */
  otherSegments: string[];
}): Promise<{ rowCount: number; columns: ModelOutputColumn[] }> {
  const read =
    options.format === 'parquet'
      ? `read_parquet([${pathLiteral(options.file)}])`
      : `read_json_auto(${pathLiteral(options.file)}, format = 'auto')`;
  const knownType = new Map(options.known.map((k) => [k.dbName, k.physicalType]));
  return withIngestConnection(async (connection) => {
    const described = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${read}`);
    const names = described.getRowObjectsJson().map((r) => String(r.column_name));
    const mapped = dbNamesFor(names, options.known);
    let result: { rowCount: number; columns: ModelOutputColumn[] } | undefined;
    await writeSegment(options.dataDir, options.datasetId, options.segmentId, async (tempPath) => {
      const select = names.map((n, i) => `${quoteName(n)} AS ${quoteName(mapped[i].dbName)}`).join(', ');
      const copied = await connection.runAndReadAll(
        `COPY (SELECT ${select || '1 AS c0'} FROM ${read}) TO ${pathLiteral(tempPath)} ${SEGMENT_FORMAT}`,
      );
      const rowCount = Number(copied.getRowObjectsJson()[0]?.Count ?? 0);
      const written = await describeSegments([tempPath], connection);
      const typeOf = new Map(written.map((c) => [c.dbName, c.physicalType]));
      const unchanged = written.every((c) => knownType.get(c.dbName) === c.physicalType);
      const unified =
        options.otherSegments.length && !unchanged
          ? await describeSegments([...options.otherSegments, tempPath], connection)
          : written;
      const datasetType = new Map(unified.map((c) => [c.dbName, c.physicalType]));
      const columns = mapped.map((m, i) => {
        const physicalType = typeOf.get(m.dbName) ?? 'VARCHAR';
        const datasetPhysicalType = datasetType.get(m.dbName) ?? physicalType;
        return { name: names[i], dbName: m.dbName, physicalType, datasetPhysicalType, isNew: m.isNew };
      });
      const fresh = columns.filter((c) => c.isNew);
      const detected = fresh.length
        ? await detectColumns(
            connection,
            { sql: `(SELECT * FROM read_parquet([${pathLiteral(tempPath)}]))`, columns: written },
            fresh,
          )
        : { columns: [] };
      const detectedOf = new Map(detected.columns.map((d) => [d.dbName, d]));
      result = {
        rowCount,
        columns: columns.map(({ isNew, ...column }): ModelOutputColumn => {
          if (!isNew) return { ...column, isNew: false };
          const found = detectedOf.get(column.dbName);
          if (!found) throw new Error(`the column ${column.name} was not detected`);
          return { ...column, isNew: true, detected: found };
        }),
      };
    });
    if (!result) throw new Error('The output could not be written');
    return result;
  });
}
