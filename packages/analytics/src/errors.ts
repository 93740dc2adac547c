import { type CardErrorReason, type ServerMessage, serverMessageText } from '@tessera/shared';

/**
 * Typed errors of the analytics package. Each says what went wrong as a code of the shared list with its params
 * (`said`, SERVER_ERRORS), which the server throws as is; its `message` is that code's English text (the failed
 * job's stored message, the logs). A QueryError's own `code` matches the card error codes where one applies
 * (bad-filter, bad-operation, ...). docs/architecture.md, "Errors".
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
    readonly said: ServerMessage,
    options?: { cause?: unknown },
  ) {
    super(serverMessageText(said), options);
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
export function columnsMismatchMessage(missing: string[], unexpected: string[]): ServerMessage {
  if (!unexpected.length) return { code: 'ingest.missingColumns', params: { missing: missing.join(', ') } };
  if (!missing.length) return { code: 'ingest.unexpectedColumns', params: { unexpected: unexpected.join(', ') } };
  return {
    code: 'ingest.columnsMismatch',
    params: { missing: missing.join(', '), unexpected: unexpected.join(', ') },
  };
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
    readonly said: ServerMessage,
    readonly reason?: CardErrorReason,
    readonly params?: Record<string, string>,
  ) {
    super(serverMessageText(said));
  }
}
