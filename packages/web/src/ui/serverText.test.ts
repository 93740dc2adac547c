import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n/index.ts';
import { useServerText } from './serverText.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const inLanguage = async (language: string) => {
  await i18n.changeLanguage(language);
  return renderHook(() => useServerText()).result.current;
};

describe('a message that reaches the web as text, in the reader’s language', () => {
  it.each([
    [
      'Missing columns: city, rain; unexpected columns: town',
      'en',
      'Missing columns: city, rain; unexpected columns: town',
    ],
    // A text with parts is never read back for their values: without the server's params it is shown as sent (a
    // job's message is shown by the code and params stored with it: useJobMessage).
    [
      'Missing columns: city, rain; unexpected columns: town',
      'fr',
      'Missing columns: city, rain; unexpected columns: town',
    ],
    ['Missing columns: rain', 'fr', 'Missing columns: rain'],
    ['Unexpected columns: extra', 'en', 'Unexpected columns: extra'],
    ['Unexpected columns: extra', 'fr', 'Unexpected columns: extra'],
    ['The import was interrupted.', 'fr', "L'import a été interrompu."],
    ['The upload was cancelled.', 'fr', 'Le téléversement a été annulé.'],
    ['Something the screens do not know', 'fr', 'Something the screens do not know'],
  ])('%j in %s: %j', async (message, language, expected) => {
    expect((await inLanguage(language))(message)).toBe(expected);
  });
});
