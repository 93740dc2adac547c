import { SERVER_ERRORS } from '@tessera/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { badRequest, forbidden, HttpError, handedText, installErrorHandler, notFound } from './errors.ts';

describe('server errors carry their stable code', () => {
  it('from a code of the shared list, with its English text', () => {
    const e = forbidden('organization.deleteOwn');
    expect(e.message).toBe(SERVER_ERRORS['organization.deleteOwn']);
    expect(e.reason).toBe('organization.deleteOwn');
    expect(notFound().reason).toBe('generic.notFound');
  });

  it('with the values of its parts filled into the English text', () => {
    const e = new HttpError('conflict', { code: 'package.inUse', params: { count: 3 } });
    expect(e.message).toBe('This package is used by 3 model(s): delete or change them first.');
    expect(e.reason).toBe('package.inUse');
    expect(e.params).toEqual({ count: 3 });
  });

  it('in the answer: the values of the parts as params, the field’s as fieldParams', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    const missing = { code: 'ingest.missingColumns', params: { missing: 'qty, sku' } } as const;
    app.get('/parts', async () => {
      throw badRequest(missing, { file: missing, name: 'field.required' });
    });
    try {
      const answer = await app.inject({ method: 'GET', url: '/parts' });
      expect(answer.json()).toEqual({
        error: {
          code: 'validation',
          message: 'Missing columns: qty, sku',
          reason: 'ingest.missingColumns',
          params: { missing: 'qty, sku' },
          fields: { file: 'Missing columns: qty, sku', name: 'Required' },
          fieldReasons: { file: 'ingest.missingColumns', name: 'field.required' },
          fieldParams: { file: { missing: 'qty, sku' } },
        },
      });
    } finally {
      await app.close();
    }
  });

  it('for each field; a handed text keeps no code, even one the list has (its text is never looked up)', () => {
    const e = badRequest('generic.invalid', {
      email: 'user.emailInUse',
      name: handedText('Required'),
      x: handedText('Unlisted'),
    });
    expect(e.reason).toBe('generic.invalid');
    expect(e.fields).toEqual({ email: SERVER_ERRORS['user.emailInUse'], name: 'Required', x: 'Unlisted' });
    expect(e.fieldReasons).toEqual({ email: 'user.emailInUse' });
    expect(new HttpError('upstream', handedText('Something unlisted')).reason).toBeUndefined();
    expect(new HttpError('upstream', handedText('Not found')).reason).toBeUndefined();
  });

  it('never from English text written at the call site', () => {
    // @ts-expect-error: an error is thrown by code, never by its English text
    expect(() => badRequest('Some fields are not valid')).toThrow(TypeError);
  });

  it('in the answer: reason and fieldReasons beside the English texts', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/listed', async () => {
      throw badRequest('generic.invalid', { first: 'field.required' });
    });
    app.get('/unlisted', async () => {
      throw new HttpError('conflict', handedText('Something unlisted'));
    });
    try {
      const listed = await app.inject({ method: 'GET', url: '/listed' });
      expect(listed.statusCode).toBe(400);
      expect(listed.json()).toEqual({
        error: {
          code: 'validation',
          message: 'Some fields are not valid',
          reason: 'generic.invalid',
          fields: { first: 'Required' },
          fieldReasons: { first: 'field.required' },
        },
      });
      const unlisted = await app.inject({ method: 'GET', url: '/unlisted' });
      expect(unlisted.json()).toEqual({ error: { code: 'conflict', message: 'Something unlisted' } });
    } finally {
      await app.close();
    }
  });
});
