import { COLORS, serverErrorCodeOf } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { jobMessageText, jobStatusColor } from './jobMessage.ts';

const inLanguage = (language: string) => {
  const t = i18n.getFixedT(language, 'datasets');
  const serverText = (message: string) => {
    const code = serverErrorCodeOf(message);
    return code ? (i18n.getResource(language, 'errors', code) as string) : message;
  };
  return (message: string) => jobMessageText(message, t, serverText);
};

describe('a job message in the reader language (issue #20 item 5)', () => {
  it.each([
    [
      'Missing columns: city, rain; unexpected columns: town',
      'en',
      'Missing columns: city, rain; unexpected columns: town',
    ],
    [
      'Missing columns: city, rain; unexpected columns: town',
      'fr',
      'Colonnes manquantes : city, rain ; colonnes inattendues : town',
    ],
    ['Missing columns: rain', 'fr', 'Colonnes manquantes : rain'],
    ['Unexpected columns: extra', 'en', 'Unexpected columns: extra'],
    ['Unexpected columns: extra', 'fr', 'Colonnes inattendues : extra'],
    ['The import was interrupted.', 'fr', "L'import a été interrompu."],
    ['The upload was cancelled.', 'fr', 'Le téléversement a été annulé.'],
    ['Something the screens do not know', 'fr', 'Something the screens do not know'],
  ])('%j in %s: %j', (message, language, expected) => {
    expect(inLanguage(language)(message)).toBe(expected);
  });

  it('colours failed jobs red and completed ones green (the palette)', () => {
    expect(jobStatusColor('failed')).toBe('#D94E4E');
    expect(jobStatusColor('completed')).toBe('#00C48B');
    expect([COLORS.error, COLORS.success]).toEqual(['#D94E4E', '#00C48B']);
    expect(jobStatusColor('active')).toBe('blue');
  });
});
