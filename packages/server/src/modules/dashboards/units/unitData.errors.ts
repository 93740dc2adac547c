import { QueryError } from '@tessera/analytics';
import { UNIT_DATA_ERRORS, type UnitDataError, type UnitDataErrorCode } from '@tessera/shared';

/**
 * The card errors as a data answer carries them (`error: {code, message}`): the card shows the
 * placeholder of its code; the message is the placeholder's English text, for logs and API users.
 */
export const UNIT_DATA_MESSAGES: Record<UnitDataErrorCode, string> = {
  'feature-deleted': 'The dataset used in this card could not be found.',
  'bad-operation':
    'A feature on this card has changed types and is no longer compatible with the configured operation. Please update the operation or feature type.',
  'bad-filter':
    'A filter being applied to this card has an incompatible feature type, due to the feature type being changed. Please remove the filter.',
  'not-numeric': 'You must provide at least one numeric data value. Choose an operation or try a different feature.',
  'too-much-data':
    'Please add an operation or filter to reduce the amount of data shown on this card, or change the chart type.',
  'unknown-subtype': 'Something has been misconfigured. Please try again.',
  'not-mappable': 'No UI has been made to configure this type of unit',
  error: 'An error occurred when fetching data. Please make sure the configuration of this card is correct.',
};

export const cardError = (code: UnitDataErrorCode) => ({ code, message: UNIT_DATA_MESSAGES[code] });

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
