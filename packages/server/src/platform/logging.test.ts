import { Writable } from 'node:stream';
import { stdSerializers } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser } from '../test/accounts.ts';
import { as, createTestApp, type TestApp } from '../test/harness.ts';
import { boundedForLog, MAX_LOGGED_TEXT, redactUrl } from './logging.ts';

/** Every line the app logs, as written. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(chunk.toString());
    callback();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: capture });
});
afterAll(() => t?.close());

describe('request logs', () => {
  it('hold no password, token or reset code', async () => {
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id, { password: 'Logged-secret-1' });
    const secrets: string[] = [user.password];

    // A wrong password and a right one.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: user.email, password: 'Guessed-secret-9' },
    });
    secrets.push('Guessed-secret-9');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: user.email, password: user.password },
    });
    const token = signedIn.json().accessToken as string;
    secrets.push(token);

    // An authenticated call, with the token in the header and (wrongly, by some client) in the query too.
    expect((await as(t.app, token)({ method: 'GET', url: `/api/v1/users/my?token=${token}` })).statusCode).toBe(200);

    // Recovery: the code travels in the mail and then in the path of two requests.
    await t.app.inject({ method: 'POST', url: '/api/v1/login/forgot', payload: { email: user.email } });
    const code = t.mailer.last(user.email)?.text.match(/\/login\/reset\/([A-Za-z0-9_-]+)/)?.[1];
    expect(code).toBeDefined();
    secrets.push(code!);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${code}` })).statusCode).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/reset/${code}`,
      payload: { password: 'Reset-secret-2', confirmPassword: 'Reset-secret-2' },
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('Reset-secret-2');

    // A password change and a sign-out, with a new session.
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: user.email, password: 'Reset-secret-2' },
      })
    ).json().accessToken as string;
    secrets.push(second);
    await as(
      t.app,
      second,
    )({
      method: 'PUT',
      url: '/api/v1/users/my/password',
      payload: { currentPassword: 'Reset-secret-2', password: 'Changed-secret-3', confirmPassword: 'Changed-secret-3' },
    });
    secrets.push('Changed-secret-3');
    await as(t.app, second)({ method: 'DELETE', url: '/api/v1/logout' });

    const log = lines.join('');
    // The log is really there: one line per request, with the (redacted) paths.
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('"url":"/api/v1/login"');
    expect(log).toContain('/api/v1/login/reset/[redacted]');
    expect(log).toContain('"statusCode":200');
    for (const secret of secrets) expect(log, `the log holds ${secret.slice(0, 6)}...`).not.toContain(secret);
    expect(log).not.toMatch(/authorization|bearer/i);
  });
});

describe('redactUrl', () => {
  it.each([
    ['/api/v1/login/reset/abcDEF_-123', '/api/v1/login/reset/[redacted]'],
    ['/api/v1/login/reset/abc?x=1', '/api/v1/login/reset/[redacted]?x=1'],
    ['/login/microsoft?code=xyz&state=abc', '/login/microsoft?code=[redacted]&state=[redacted]'],
    ['/api/v1/users/my?TOKEN=t0k&keep=1', '/api/v1/users/my?TOKEN=[redacted]&keep=1'],
    ['/api/v1/projects?name=code', '/api/v1/projects?name=code'],
  ])('%s -> %s', (input, output) => expect(redactUrl(input)).toBe(output));
});

describe('what one logged error may hold', () => {
  const long = 'x'.repeat(MAX_LOGGED_TEXT + 500);
  // [case, value, bounded]
  const rows: Array<[string, unknown, unknown]> = [
    ['a short text', 'boom', 'boom'],
    ['a number, null, a boolean', [1, null, true], [1, null, true]],
    ['a long text is cut', long, `${'x'.repeat(MAX_LOGGED_TEXT)}…[500 more characters]`],
    [
      'a long list is cut',
      Array.from({ length: 25 }, (_, i) => i),
      [...Array.from({ length: 20 }, (_, i) => i), '…[5 more]'],
    ],
    ['deep nesting is cut', { a: { b: { c: { d: { e: 1 } } } } }, { a: { b: { c: { d: '[…]' } } } }],
  ];
  it.each(rows)('%s', (_case, value, bounded) => {
    expect(boundedForLog(value)).toEqual(bounded);
  });

  it('keeps a failed query with a 20 kB parameter to a few kB', () => {
    const error = Object.assign(new Error(`Failed query: insert ... params: ${'s'.repeat(20_000)}`), {
      query: 'insert into ui_errors ...',
      params: ['id', 's'.repeat(20_000), null, '192.0.2.1'],
    });
    const line = JSON.stringify(boundedForLog(stdSerializers.err(error)));
    expect(line).toContain('Failed query');
    expect(line.length).toBeLessThan(3 * MAX_LOGGED_TEXT + 500);
  });
});
