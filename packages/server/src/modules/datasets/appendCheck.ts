import { type ExpectedColumn, headerNames, matchColumns, withConnection } from '@tessera/analytics';
import { probeEncoding, readHeaderCells, sniffCsv } from '@tessera/analytics/sniff';

/**
 * Reads an appended file's header the way the import will (same encoding probe, dialect sniff and name
 * clean-up) and matches it against the dataset's original column names. Throws ColumnsMismatchError, whose
 * message names the difference ("Missing columns: x; unexpected columns: y"), or IngestError for a file that
 * is not a readable CSV. Only the file's first rows are read.
 */
export async function checkAppendHeader(csvPath: string, expected: ExpectedColumn[]): Promise<void> {
  const encoding = await probeEncoding(csvPath);
  await withConnection(async (connection) => {
    const dialect = await sniffCsv(connection, csvPath, encoding);
    const cells = await readHeaderCells(connection, csvPath, dialect);
    matchColumns(headerNames(cells, dialect.types.length), expected);
  });
}
