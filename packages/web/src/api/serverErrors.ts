import {
  type ErrorBody,
  hasServerErrorParams,
  isServerErrorCode,
  type ServerMessage,
  serverMessageCode,
  serverMessageText,
} from '@tessera/shared';
import i18n from '../i18n/index.ts';

/**
 * The text of a server error in the user's language, found by its stable code (`reason`, SERVER_ERRORS in shared)
 * in locales/{lang}/errors.json, never by its English text. A field's message may have its own wording for that
 * field (`byField.<field>.<code>`). A message without a known code is shown as sent.
 */
export function serverErrorText(reason: string | undefined, english: string, field?: string): string {
  if (!isServerErrorCode(reason)) return english;
  if (hasServerErrorParams(reason) && (i18n.resolvedLanguage ?? i18n.language).startsWith('en')) return english;
  const keys = field ? [`byField.${field}.${reason}`, reason] : [reason];
  return i18n.t(keys, { ns: 'errors', field, defaultValue: english });
}

/** The message and field messages of an error body, translated by their codes. */
export function translatedError(error: ErrorBody['error']): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(error.fields ?? {})) {
    fields[name] = serverErrorText(error.fieldReasons?.[name], text, name);
  }
  return { message: serverErrorText(error.reason, error.message), fields };
}

/**
 * A message a shared rule gives in the browser (a code of the list and the values of its parts, as the server would
 * answer it) in the user's language; `fields` does the same for each field's message.
 */
export const messageText = (message: ServerMessage, field?: string): string =>
  serverErrorText(serverMessageCode(message), serverMessageText(message), field);

export const fieldTexts = (fields: Record<string, ServerMessage>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, messageText(message, name)]));
