import { QueryError } from '@tessera/analytics';
import {
  type ServerMessage,
  serverMessageText,
  UNIT_DATA_ERRORS,
  type UnitDataError,
  type UnitDataErrorCode,
} from '@tessera/shared';

/**
 * The card errors as a data answer carries them (`error: {code, message}`): the card shows the placeholder of its
 * code; the message is the English text of its code of the shared list, for logs and API users. A request that
 * answers a card error as an error throws that code (docs/architecture.md, "Errors").
 */
export const CARD_ERROR_MESSAGES: Record<UnitDataErrorCode, ServerMessage> = {
  'feature-deleted': 'card.featureDeleted',
  'bad-operation': 'card.badOperation',
  'bad-filter': 'card.badFilter',
  'not-numeric': 'card.notNumeric',
  'too-much-data': 'card.tooMuchData',
  'unknown-subtype': 'card.unknownSubtype',
  'not-mappable': 'card.notMappable',
  error: 'card.failed',
};

export const cardError = (code: UnitDataErrorCode) => ({ code, message: serverMessageText(CARD_ERROR_MESSAGES[code]) });

/**
 * The card error of a compiler error (undefined when it is the request's fault, a 400): its code, the code's
 * English text, and the exact cause when the compiler named one (the card shows it, translated).
 */
export function cardErrorOf(error: unknown): UnitDataError | undefined {
  const code = cardErrorCode(error);
  if (!code) return undefined;
  const { reason, params } = error as QueryError;
  return { ...cardError(code), ...(reason ? { reason } : {}), ...(reason && params ? { params } : {}) };
}

/** The card error code of a compiler error, or undefined when it is the request's fault (a 400). */
export function cardErrorCode(error: unknown): UnitDataErrorCode | undefined {
  if (!(error instanceof QueryError)) return undefined;
  const code = error.code as string;
  return (UNIT_DATA_ERRORS as readonly string[]).includes(code) ? (code as UnitDataErrorCode) : undefined;
}
