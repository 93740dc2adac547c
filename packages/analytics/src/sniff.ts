/**
 * CSV dialect detection. DuckDB's sniffer finds the delimiter, quoting, header, date formats and column
 * types from a sample; around it we add what real-world files need:
 *
 * - encoding: a UTF-16 byte-order mark selects UTF-16; bytes that are not UTF-8 select Latin-1 (old Excel
 *   exports); NUL bytes or many control characters mean the file is binary, which is refused up front.
 * - quoting: RFC 4180 quoting (`"`, doubled to escape) is kept even when the sample held no quotes, so a
 *   quoted field after the sample still parses.
 * - strictness: a strict sniff first (it detects `""` escapes); if the sample is too irregular, a lenient
 *   one; if even that fails, every column is read as text.
 * - decimal commas: for `;`, tab or `|` files, a second sniff with `,` as decimal separator wins when it
 *   finds more numeric columns (European exports: `1,5;abc`).
 * - empty cells: an empty field and the bare word NULL are read as NULL (see NULL_STRINGS).
 * - leading zeros: a column sniffed as integer whose sampled values have a leading zero (zip codes, phone
 *   numbers) is read as text, so `08123` stays `08123`.
 *
 * Only the first 64 KiB are read in JavaScript (for the encoding); the file itself is read by DuckDB.
 */
import { open } from 'node:fs/promises';
import type { DuckDBConnection } from '@duckdb/node-api';
import { IngestError } from './errors.ts';
import { pathLiteral, queryRows } from './sql.ts';

export type CsvEncoding = 'utf-8' | 'utf-16' | 'latin-1';

export interface CsvDialect {
  encoding: CsvEncoding;
  delimiter: string;
  quote: string;
  escape: string;
  skipRows: number;
  header: boolean;
  decimalSeparator: '.' | ',';
  dateFormat?: string;
  timestampFormat?: string;
  /** false after the lenient fallback (unbalanced quotes and the like are then kept as text). */
  strict: boolean;
  /** The physical type DuckDB found for each column, in file order. */
  types: string[];
}

/** Rows the sniffer samples: enough to see past the first screens of a file, cheap on 1 GB files. */
export const SNIFF_SAMPLE_ROWS = 50_000;
const PROBE_BYTES = 64 * 1024;
/**
 * Cells read as empty (NULL): an empty field, quoted or not, and the bare word NULL that SQL tools export.
 * (csv-spectrum's null.csv keeps a quoted "NULL" as text; we read it as empty too, because DuckDB applies
 * null strings to quoted fields as well and "" must stay empty for numeric columns.)
 */
const NULL_STRINGS = "['', 'NULL']";

/** Reads the first bytes to decide the encoding or refuse a binary file. */
export async function probeEncoding(csvPath: string): Promise<CsvEncoding> {
  const handle = await open(csvPath, 'r');
  let bytes: Buffer;
  try {
    const buffer = Buffer.alloc(PROBE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, PROBE_BYTES, 0);
    bytes = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  if (bytes.length === 0) throw new IngestError('empty', 'ingest.empty');
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 'utf-16';
  let control = 0;
  for (const b of bytes) {
    if (b === 0) throw new IngestError('binary', 'ingest.binary');
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control++;
  }
  if (control > bytes.length / 100) throw new IngestError('binary', 'ingest.binary');
  try {
    // stream: true tolerates a character cut at the end of the probe.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return 'utf-8';
  } catch {
    return 'latin-1';
  }
}

function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

interface SniffRow {
  Delimiter: string;
  Quote: string;
  Escape: string;
  SkipRows: number;
  HasHeader: boolean;
  Columns: { name: string; type: string }[];
  DateFormat: string | null;
  TimestampFormat: string | null;
}

async function sniffOnce(
  connection: DuckDBConnection,
  csvPath: string,
  encoding: CsvEncoding,
  extra: string,
): Promise<SniffRow> {
  const rows = await queryRows(
    connection,
    `SELECT Delimiter, Quote, Escape, SkipRows, HasHeader, Columns, DateFormat, TimestampFormat
       FROM sniff_csv(${pathLiteral(csvPath)}, sample_size = ${SNIFF_SAMPLE_ROWS}, null_padding = true,
                      nullstr = ${NULL_STRINGS}, encoding = ${sqlString(encoding)}${extra})`,
  );
  return rows[0] as unknown as SniffRow;
}

const empty = (v: string | null | undefined) => !v || v === '(empty)';
/**
 * ISO formats are left out of the read: DuckDB's built-in ISO 8601 parser reads them, and is much faster
 * than parsing with an explicit format (about 1.7x faster on a 200 MB slice of the ingest benchmark).
 */
const ISO_DATE_FORMAT = /^%Y-%m-%d$/;
const ISO_TIMESTAMP_FORMAT = /^%Y-%m-%d[ T]%H:%M:%S(\.%[fgn])?$/;
const numericTypes = (row: SniffRow) =>
  row.Columns.filter((c) => /^(DOUBLE|DECIMAL|BIGINT|INTEGER)/.test(c.type)).length;

/** The first line of a DuckDB error, without its "Invalid Input Error:" style prefix. */
export function duckMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? '').replace(/^[A-Za-z ]+Error: /, '').trim();
}

/** Detects the dialect of a CSV file (see the module comment for the fallbacks). */
export async function sniffCsv(
  connection: DuckDBConnection,
  csvPath: string,
  encoding: CsvEncoding,
): Promise<CsvDialect> {
  const attempts = [
    { extra: '', strict: true },
    { extra: ', strict_mode = false', strict: false },
    { extra: ', strict_mode = false, all_varchar = true', strict: false },
  ];
  let row: SniffRow | undefined;
  let strict = true;
  let lastError: unknown;
  for (const attempt of attempts) {
    try {
      row = await sniffOnce(connection, csvPath, encoding, attempt.extra);
      strict = attempt.strict;
      break;
    } catch (error) {
      lastError = error;
      if (/not utf-8 encoded|Invalid unicode/i.test(String(error)) && encoding === 'utf-8') {
        return sniffCsv(connection, csvPath, 'latin-1');
      }
    }
  }
  if (!row)
    throw new IngestError(
      'unreadable',
      { code: 'ingest.unreadable', params: { detail: duckMessage(lastError) } },
      {
        cause: lastError,
      },
    );
  let decimalSeparator: '.' | ',' = '.';
  if (row.Delimiter !== ',' && !empty(row.Delimiter)) {
    const comma = await sniffOnce(
      connection,
      csvPath,
      encoding,
      `${strict ? '' : ', strict_mode = false'}, decimal_separator = ','`,
    ).catch(() => undefined);
    if (comma && comma.Columns.length === row.Columns.length && numericTypes(comma) > numericTypes(row)) {
      row = comma;
      decimalSeparator = ',';
    }
  }
  const quote = empty(row.Quote) ? '"' : row.Quote;
  return {
    encoding,
    delimiter: empty(row.Delimiter) ? ',' : row.Delimiter,
    quote,
    escape: empty(row.Escape) ? quote : row.Escape,
    skipRows: Number(row.SkipRows) || 0,
    header: row.HasHeader,
    decimalSeparator,
    dateFormat:
      empty(row.DateFormat) || ISO_DATE_FORMAT.test(row.DateFormat ?? '') ? undefined : (row.DateFormat ?? undefined),
    timestampFormat:
      empty(row.TimestampFormat) || ISO_TIMESTAMP_FORMAT.test(row.TimestampFormat ?? '')
        ? undefined
        : (row.TimestampFormat ?? undefined),
    strict,
    types: row.Columns.map((c) => c.type),
  };
}

/**
 * How strictly a file is read. The fast path (parallel, no padding) serves well-formed files; ragged rows
 * need null padding, which DuckDB's parallel reader cannot combine with quoted line breaks; the last level
 * also tolerates stray quotes. Ingest climbs these levels only when a read fails.
 */
export interface ReadMode {
  nullPadding: boolean;
  parallel: boolean;
  strict: boolean;
}

export function readModes(dialect: CsvDialect): ReadMode[] {
  const modes: ReadMode[] = [
    { nullPadding: false, parallel: true, strict: dialect.strict },
    { nullPadding: true, parallel: true, strict: dialect.strict },
    { nullPadding: true, parallel: false, strict: dialect.strict },
  ];
  if (dialect.strict) modes.push({ nullPadding: true, parallel: false, strict: false });
  return modes;
}

/**
 * The CSV reader's buffer (DuckDB's default is 16 times its 2 MB line limit, 32 MB). With several threads and
 * the file's row order kept, each thread's buffers waiting their turn are what grew the process: a 1.9 GB CSV
 * copied with 2 threads grew it by ~400 MB with the default, ~150 MB with 4 MB, in no more time (10.2-13.4 s
 * against 13.7; an 85 MB CSV ~105 MB against ~230, 0.52-0.56 s against 0.57-0.80; bench/ingest/README.md).
 * Lines up to the reader's 2 MB line limit still fit.
 */
export const CSV_READ_BUFFER_BYTES = 4 * 1024 * 1024;

/** The most tolerant mode, for the small reads of the header and the sample. */
const SAMPLE_MODE = (dialect: CsvDialect): ReadMode => ({ nullPadding: true, parallel: false, strict: dialect.strict });

/**
 * The `read_csv(...)` call for a known dialect: no second sniff, columns named and typed as given
 * (`header` false makes the header line a data row, which is how its raw text is read).
 */
export function readCsvSql(
  csvPath: string,
  dialect: CsvDialect,
  columns: { name: string; type: string }[],
  mode: ReadMode,
  header = dialect.header,
): string {
  const struct = columns.map((c) => `${sqlString(c.name)}: ${sqlString(c.type)}`).join(', ');
  const options = [
    'auto_detect = false',
    `header = ${header}`,
    `delim = ${sqlString(dialect.delimiter)}`,
    `quote = ${sqlString(dialect.quote)}`,
    `escape = ${sqlString(dialect.escape)}`,
    `skip = ${dialect.skipRows}`,
    `encoding = ${sqlString(dialect.encoding)}`,
    `decimal_separator = ${sqlString(dialect.decimalSeparator)}`,
    `nullstr = ${NULL_STRINGS}`,
    'allow_quoted_nulls = true',
    `null_padding = ${mode.nullPadding}`,
    `parallel = ${mode.parallel}`,
    `strict_mode = ${mode.strict}`,
    `buffer_size = ${CSV_READ_BUFFER_BYTES}`,
    `columns = {${struct}}`,
  ];
  if (dialect.dateFormat) options.push(`dateformat = ${sqlString(dialect.dateFormat)}`);
  if (dialect.timestampFormat) options.push(`timestampformat = ${sqlString(dialect.timestampFormat)}`);
  return `read_csv(${pathLiteral(csvPath)}, ${options.join(', ')})`;
}

/** The raw header cells (null for an empty cell), or [] when the file has no header line. */
export async function readHeaderCells(
  connection: DuckDBConnection,
  csvPath: string,
  dialect: CsvDialect,
): Promise<(string | null)[]> {
  if (!dialect.header) return [];
  const raw = dialect.types.map((_, i) => ({ name: `k${i}`, type: 'VARCHAR' }));
  const text = { ...dialect, dateFormat: undefined, timestampFormat: undefined };
  const rows = await queryRows(
    connection,
    `SELECT * FROM ${readCsvSql(csvPath, text, raw, SAMPLE_MODE(dialect), false)} LIMIT 1`,
  );
  const first = rows[0] ?? {};
  return raw.map((c) => (first[c.name] as string | null) ?? null);
}

/**
 * Columns sniffed as integers whose sample holds a value with a leading zero: they are identifiers written
 * with digits (zip codes, phone numbers) and must stay text.
 */
export async function leadingZeroColumns(
  connection: DuckDBConnection,
  csvPath: string,
  dialect: CsvDialect,
): Promise<Set<number>> {
  const candidates = dialect.types.flatMap((t, i) => (/INT/.test(t) ? [i] : []));
  if (!candidates.length) return new Set();
  const raw = dialect.types.map((_, i) => ({ name: `k${i}`, type: 'VARCHAR' }));
  const checks = candidates.map((i) => `bool_or(regexp_full_match(trim(k${i}), '[+-]?0[0-9]+')) AS z${i}`).join(', ');
  const rows = await queryRows(
    connection,
    `SELECT ${checks} FROM (SELECT * FROM ${readCsvSql(csvPath, dialect, raw, SAMPLE_MODE(dialect))} LIMIT ${SNIFF_SAMPLE_ROWS})`,
  );
  return new Set(candidates.filter((i) => rows[0]?.[`z${i}`] === true));
}
