import { type Job, serverErrorCodeOf } from '@tessera/shared';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { jobMessageText, serverErrorText } from '../api/serverErrors.ts';

/**
 * Server errors reach the screens already translated by their code (api/serverErrors.ts). What is left to translate
 * here are the messages the browser itself gets from the shared rules and schemas (a name too long, a password rule)
 * and those an answer carries as text: those of the shared list (SERVER_ERRORS) are translated by their code in the
 * `errors` namespace, anything else is shown as it is. No English text is looked up anywhere else; a job's message
 * is shown by the code the server stored with it (useJobMessage).
 */
export function useServerText(): (message: string) => string {
  const { i18n } = useTranslation('errors');
  const language = i18n.resolvedLanguage ?? i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language gives a new function, so screens re-render.
  return useCallback(
    (message: string) => {
      const code = serverErrorCodeOf(message);
      return code ? serverErrorText(code, message) : message;
    },
    [language],
  );
}

/** A job's message in the reader's language (api/serverErrors.ts `jobMessageText`), again on a change of language. */
export function useJobMessage(): (job: Pick<Job, 'message' | 'messageCode' | 'messageParams'>) => string | null {
  const { i18n } = useTranslation('errors');
  const language = i18n.resolvedLanguage ?? i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language gives a new function, so screens re-render.
  return useCallback((job: Pick<Job, 'message' | 'messageCode' | 'messageParams'>) => jobMessageText(job), [language]);
}

/**
 * Form errors from a failed call: the server's field errors for the form's own fields, or, when none of them
 * is named, the error's message under `fallbackField`.
 */
export function formErrors(
  error: unknown,
  fieldNames: readonly string[],
  fallbackField: string,
  serverText: (message: string) => string,
  unknownText: string,
): Record<string, string> {
  const fields = error instanceof ApiError ? error.fields : {};
  const errors: Record<string, string> = {};
  for (const name of fieldNames) if (fields[name]) errors[name] = serverText(fields[name]);
  if (Object.keys(errors).length === 0) {
    errors[fallbackField] = error instanceof ApiError ? serverText(error.message) : unknownText;
  }
  return errors;
}
