import { api, SERVER_ERROR_CODES, SERVER_ERRORS } from '@tessera/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { stubNetwork } from '../ui/testing.tsx';
import { ApiError, call } from './client.ts';
import { jobMessageText, serverErrorText } from './serverErrors.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('server error texts', () => {
  it.each(SERVER_ERROR_CODES)('%s has its English text (the server’s own words) and a French one', (code) => {
    expect(i18n.getResource('en', 'errors', code)).toBe(SERVER_ERRORS[code]);
    const french = i18n.getResource('fr', 'errors', code);
    expect(typeof french).toBe('string');
    expect((french as string).trim()).not.toBe('');
  });

  it.each(SERVER_ERROR_CODES)('%s: its French text uses only the parts its English text has', (code) => {
    const parts = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    const english = new Set(parts(SERVER_ERRORS[code]));
    for (const part of parts(i18n.getResource('fr', 'errors', code) as string)) expect(english).toContain(part);
  });

  it('holds no text for a code the server does not have', () => {
    const keys = (lang: string) =>
      Object.entries(i18n.getResourceBundle(lang, 'errors') as Record<string, Record<string, string>>).flatMap(
        ([area, texts]) => (area === 'byField' ? [] : Object.keys(texts).map((k) => `${area}.${k}`)),
      );
    expect(keys('en').sort()).toEqual([...SERVER_ERROR_CODES].sort());
    expect(keys('fr').sort()).toEqual([...SERVER_ERROR_CODES].sort());
  });
});

describe('a failed call', () => {
  const answer = (error: object) => stubNetwork(() => ({ status: 409, body: { error } }));

  it('is translated by its code, whatever the English text says', async () => {
    await i18n.changeLanguage('fr');
    // A reworded English message keeps its code, and so its translation.
    answer({
      code: 'conflict',
      message: 'This e-mail address is taken',
      reason: 'user.emailInUse',
      fields: { email: 'This e-mail address is taken', first: 'Required' },
      fieldReasons: { email: 'user.emailInUse', first: 'field.required' },
    });
    const error = await call(api.getMyUser).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Cette adresse e-mail est déjà utilisée');
    expect((error as ApiError).fields).toEqual({
      email: 'Cette adresse e-mail est déjà utilisée',
      first: 'Obligatoire',
    });
    expect((error as ApiError).reason).toBe('user.emailInUse');
    expect((error as ApiError).code).toBe('conflict');
  });

  it('shows a message without a known code as sent, never looking its text up', async () => {
    await i18n.changeLanguage('fr');
    answer({ code: 'conflict', message: 'User not found', reason: 'no.suchCode' });
    const error = (await call(api.getMyUser).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('User not found');
    expect(serverErrorText(undefined, 'Organization not found')).toBe('Organization not found');
  });

  it('fills the parts of a text with the values the server sent, in either language', async () => {
    const sent = 'Missing columns: qty; unexpected columns: Quantity, extra';
    const refusal = {
      code: 'validation',
      message: sent,
      reason: 'ingest.columnsMismatch',
      params: { missing: 'qty', unexpected: 'Quantity, extra' },
      fields: { file: sent },
      fieldReasons: { file: 'ingest.columnsMismatch' },
      fieldParams: { file: { missing: 'qty', unexpected: 'Quantity, extra' } },
    };
    answer(refusal);
    expect(((await call(api.getMyUser).catch((e: unknown) => e)) as ApiError).message).toBe(sent);
    await i18n.changeLanguage('fr');
    const french = 'Colonnes manquantes : qty ; colonnes inattendues : Quantity, extra';
    const error = (await call(api.getMyUser).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(french);
    expect(error.fields).toEqual({ file: french });
    // The values are the server's, not read from its English text (a name may hold "; unexpected columns: ").
    answer({ ...refusal, params: { missing: 'a; b', unexpected: 'c' } });
    expect(((await call(api.getMyUser).catch((e: unknown) => e)) as ApiError).message).toBe(
      'Colonnes manquantes : a; b ; colonnes inattendues : c',
    );
  });

  it('shows a text with parts the server filled in as sent in English, and its general translation in French', async () => {
    const sent = 'This package is used by 3 model(s): delete or change them first.';
    expect(serverErrorText('package.inUse', sent)).toBe(sent);
    await i18n.changeLanguage('fr');
    expect(serverErrorText('package.inUse', sent)).toBe(
      "Ce package est utilisé par des modèles : supprimez-les ou modifiez-les d'abord.",
    );
  });
});

describe("a job's message", () => {
  it('is said from the code and params stored with it, else shown as given', async () => {
    await i18n.changeLanguage('fr');
    expect(
      jobMessageText({
        message: 'Chromium is not installed on this server, so exports cannot be made.',
        messageCode: 'export.noChromium',
      }),
    ).toBe("Chromium n'est pas installé sur ce serveur : les exports ne peuvent pas être réalisés.");
    expect(
      jobMessageText({
        message: 'Missing columns: a; b',
        messageCode: 'ingest.missingColumns',
        messageParams: { missing: 'a; b' },
      }),
    ).toBe('Colonnes manquantes : a; b');
    // Not ours, or stored before codes were: the text as given, never read back for a code or values.
    expect(jobMessageText({ message: 'Missing columns: rain' })).toBe('Missing columns: rain');
    expect(jobMessageText({ message: 'Traceback: ValueError' })).toBe('Traceback: ValueError');
    expect(jobMessageText({ message: null })).toBeNull();
  });
});
