import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';

/**
 * The API writes its messages in English. Each namespace may carry a `serverMessages` dictionary (English
 * message → translation) for the messages its screens can receive; a message not in it is shown as sent.
 * A plain lookup is used because the messages contain dots and colons that i18next would read as separators.
 */
export function useServerText(ns: string): (message: string) => string {
  const { i18n } = useTranslation(ns);
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback(
    (message: string) => {
      const dictionary = i18n.getResource(language, ns, 'serverMessages') as Record<string, string> | undefined;
      return dictionary?.[message] ?? message;
    },
    [i18n, language, ns],
  );
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
