import {
  type DetectedColumn,
  describeSegments,
  detectColumns,
  SEGMENT_FORMAT,
  withIngestConnection,
  writeSegment,
} from '@tessera/analytics';

/**
 * A model's output file (Parquet from the run, or a one-row table from a JSON-able result) becomes one segment of
 * its Model Output dataset, the way a CSV import does (analytics/ingest.ts): DuckDB copies it with the columns
 * renamed to their db names, the types and stats are detected on the written segment, and it is renamed into
 * place only then. A column whose name the dataset already has keeps that column's db name (cards keep
 * working); a new one gets the next free `c{n}`.
 */

export interface KnownColumn {
  name: string;
  dbName: string;
}

export interface OutputColumn extends DetectedColumn {
  name: string;
  physicalType: string;
  /** Across this segment and `otherSegments` (a later run may widen a type). */
  datasetPhysicalType: string;
  isNew: boolean;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quotePath = (file: string) => `'${file.replaceAll("'", "''")}'`;

function dbNamesFor(names: string[], known: KnownColumn[]): Array<{ dbName: string; isNew: boolean }> {
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
  known: KnownColumn[];
  /** The dataset's segments that stay readable alongside this one (empty for result storage latest). */
  otherSegments: string[];
}): Promise<{ rowCount: number; columns: OutputColumn[] }> {
  const read =
    options.format === 'parquet'
      ? `read_parquet([${quotePath(options.file)}])`
      : `read_json_auto(${quotePath(options.file)}, format = 'auto')`;
  return withIngestConnection(async (connection) => {
    const described = await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${read}`);
    const names = described.getRowObjectsJson().map((r) => String(r.column_name));
    const mapped = dbNamesFor(names, options.known);
    let result: { rowCount: number; columns: OutputColumn[] } | undefined;
    await writeSegment(options.dataDir, options.datasetId, options.segmentId, async (tempPath) => {
      const select = names.map((n, i) => `${quoteIdent(n)} AS ${quoteIdent(mapped[i].dbName)}`).join(', ');
      await connection.run(
        `COPY (SELECT ${select || '1 AS c0'} FROM ${read}) TO ${quotePath(tempPath)} ${SEGMENT_FORMAT}`,
      );
      const written = await describeSegments([tempPath], connection);
      const typeOf = new Map(written.map((c) => [c.dbName, c.physicalType]));
      const detected = await detectColumns(
        connection,
        { sql: `(SELECT * FROM read_parquet([${quotePath(tempPath)}]))`, columns: written },
        mapped.map((m, i) => ({ dbName: m.dbName, name: names[i], physicalType: typeOf.get(m.dbName) ?? 'VARCHAR' })),
      );
      const unified = options.otherSegments.length
        ? await describeSegments([...options.otherSegments, tempPath], connection)
        : written;
      const datasetType = new Map(unified.map((c) => [c.dbName, c.physicalType]));
      result = {
        rowCount: detected.rowCount,
        columns: detected.columns.map((d, i) => ({
          ...d,
          name: names[i],
          isNew: mapped[i].isNew,
          physicalType: typeOf.get(d.dbName) ?? 'VARCHAR',
          datasetPhysicalType: datasetType.get(d.dbName) ?? typeOf.get(d.dbName) ?? 'VARCHAR',
        })),
      };
    });
    if (!result) throw new Error('The output could not be written');
    return result;
  });
}
