import type { CardErrorReason } from '@tessera/shared';

/**
 * Typed errors of the analytics package. The server maps them to its HTTP errors and job messages: an
 * IngestError's message is meant for the user (it is shown on the failed job); a QueryError's code matches the
 * card error codes where one applies (bad-filter, bad-operation, ...).
 */

export type IngestErrorCode =
  | 'not-found'
  | 'binary'
  | 'unreadable'
  | 'empty'
  | 'columns-mismatch'
  | 'too-many-columns'
  | 'cancelled'
  | 'write-failed';

export class IngestError extends Error {
  override name = 'IngestError';
  constructor(
    readonly code: IngestErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** An append whose header names differ from the dataset's original names. */
export class ColumnsMismatchError extends IngestError {
  override name = 'ColumnsMismatchError';
  constructor(
    readonly missing: string[],
    readonly unexpected: string[],
  ) {
    super('columns-mismatch', columnsMismatchMessage(missing, unexpected));
  }
}

/** "Missing columns: x, y; unexpected columns: z" (either part left out when empty). */
export function columnsMismatchMessage(missing: string[], unexpected: string[]): string {
  const parts: string[] = [];
  if (missing.length) parts.push(`Missing columns: ${missing.join(', ')}`);
  if (unexpected.length) parts.push(`${parts.length ? 'unexpected' : 'Unexpected'} columns: ${unexpected.join(', ')}`);
  return parts.join('; ');
}

export type QueryErrorCode =
  | 'bad-column'
  | 'bad-path'
  | 'bad-filter'
  | 'bad-order'
  | 'bad-page'
  | 'bad-type'
  | 'bad-join'
  // A cross-filter or a clicked element that does not fit its feature, a series not on the card (the request's).
  | 'bad-cross-filter'
  | 'bad-drill'
  // Card errors (unitQuery/): a mapped feature or its source is gone; an operation no longer fits
  // its feature's type; a chart or KPI with no numeric value; more than MAX_CARD_ROWS rows to send.
  | 'feature-deleted'
  | 'bad-operation'
  | 'not-numeric'
  | 'too-much-data';

/**
 * A query that cannot run. Card errors may say exactly why (`reason`, one of the shared CARD_ERROR_REASONS, with
 * the names it needs in `params`): the card then names the cause rather than its code's generic text.
 */
export class QueryError extends Error {
  override name = 'QueryError';
  constructor(
    readonly code: QueryErrorCode,
    message: string,
    readonly reason?: CardErrorReason,
    readonly params?: Record<string, string>,
  ) {
    super(message);
  }
}
