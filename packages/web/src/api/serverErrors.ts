import {
  type ErrorBody,
  formatMessage,
  hasServerErrorParams,
  isServerErrorCode,
  type Job,
  type ServerMessage,
  serverMessageCode,
  serverMessageText,
} from '@tessera/shared';
import i18n from '../i18n/index.ts';

type MessageParams = Record<string, string | number>;

/**
 * The text of a server error in the user's language, found by its stable code (`reason`, SERVER_ERRORS in shared)
 * in locales/{lang}/errors.json, never by its English text. A field's message may have its own wording for that
 * field (`byField.<field>.<code>`). A text's `{name}` parts take the values the server sent (`params`); without them,
 * it is shown as sent (never read back from the English text), unless its translation names none of them. A message without a known code is shown as sent.
 */
export function serverErrorText(reason: string | undefined, english: string, field?: string, params?: MessageParams) {
  if (!isServerErrorCode(reason)) return english;
  const values = hasServerErrorParams(reason) ? params : undefined;
  const keys = field ? [`byField.${field}.${reason}`, reason] : [reason];
  const text = i18n.t(keys, { ns: 'errors', field, defaultValue: english });
  if (values) return formatMessage(text, values);
  // Without the values, only a translation that has no parts of its own can stand for the text.
  return hasServerErrorParams(reason) && /\{\w+\}/.test(text) ? english : text;
}

/** The message and field messages of an error body, translated by their codes. */
export function translatedError(error: ErrorBody['error']): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(error.fields ?? {})) {
    fields[name] = serverErrorText(error.fieldReasons?.[name], text, name, error.fieldParams?.[name]);
  }
  return { message: serverErrorText(error.reason, error.message, undefined, error.params), fields };
}

/**
 * A message a shared rule gives in the browser (a code of the list and the values of its parts, as the server would
 * answer it) in the user's language; `fields` does the same for each field's message.
 */
export const messageText = (message: ServerMessage, field?: string): string =>
  serverErrorText(
    serverMessageCode(message),
    serverMessageText(message),
    field,
    typeof message === 'string' ? undefined : message.params,
  );

export const fieldTexts = (fields: Record<string, ServerMessage>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([name, message]) => [name, messageText(message, name)]));

/**
 * A job's message in the user's language: by its code and the values of its parts when the server stored them
 * (`messageCode`, `messageParams`), else its text as given: text no code of ours wrote (a Python traceback), and the
 * jobs stored before codes were, which show their English text as is. Null for a job with no message.
 */
export function jobMessageText(job: Pick<Job, 'message' | 'messageCode' | 'messageParams'>): string | null {
  if (job.message === null) return null;
  return job.messageCode ? serverErrorText(job.messageCode, job.message, undefined, job.messageParams) : job.message;
}
