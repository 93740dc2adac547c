import { ROLE_PRESETS } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization, createUser, randomAddress, signIn } from '../../test/accounts.ts';
import { as, createTestApp, ROOT, type TestApp } from '../../test/harness.ts';
import { type ReceivedMessage, type SmtpReceiver, startSmtpReceiver } from '../../test/smtpReceiver.ts';

/** A real SMTP server on a random port: the reset mail travels over the wire as in production. */
let smtp: SmtpReceiver;
let received: ReceivedMessage[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  received = smtp.received;
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Tessera <no-reply@tessera.test>' }, { deliverMail: true });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function waitForMail(count: number, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (received.length < count) {
    if (Date.now() > until) throw new Error(`no mail after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return received[count - 1];
}

describe('password recovery over real SMTP', () => {
  it('mails a link that resets the password, after which the old sessions are gone', async () => {
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id, { first: 'Grace' });
    const oldToken = await signIn(t.app, user.email, user.password);

    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login/forgot', payload: { email: user.email } });
    expect(res.json()).toEqual({ ok: true });

    const { from, to, mail } = await waitForMail(1);
    expect(from).toBe('no-reply@tessera.test');
    expect(to).toEqual([user.email]);
    expect(mail.subject).toBe('Reset your Tessera password');
    const link = mail.text?.match(/http:\/\/tessera\.test\/login\/reset\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();

    // Follow the link as the reset page does: its path is the app route, the API sits under /api/v1.
    const code = new URL(link!).pathname.split('/').pop()!;
    const checked = await t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${code}` });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: user.email });

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/login/reset/${code}`,
      payload: { password: 'Fresh-password-1', confirmPassword: 'Fresh-password-1' },
    });
    expect(reset.statusCode).toBe(200);

    const newToken = await signIn(t.app, user.email, 'Fresh-password-1', randomAddress());
    expect((await as(t.app, newToken)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(200);
    expect((await as(t.app, oldToken)({ method: 'GET', url: '/api/v1/users/my' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/login/reset/${code}` })).statusCode).toBe(404);
  });

  it('sends nothing over the wire for an unknown email', async () => {
    const before = received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/forgot',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(before);
  });
});

/** The mail that reached `address` (whatever else arrives meanwhile). */
async function mailTo(address: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = received.find((r) => r.to.includes(address));
    if (found) return found;
    if (Date.now() > until) throw new Error(`no mail to ${address} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("mail in the recipient's language, over real SMTP", () => {
  const codeIn = (text: string | undefined) => /\/login\/reset\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];

  it.each([
    ['fr-FR,fr;q=0.9,en;q=0.8', 'Réinitialisez votre mot de passe Tessera', 'Bonjour Amélie,'],
    ['en-GB,en;q=0.9', 'Reset your Tessera password', 'Hello Amélie,'],
    ['de-DE', 'Reset your Tessera password', 'Hello Amélie,'],
  ])('a reset asked with Accept-Language %s is written in its language', async (acceptLanguage, subject, hello) => {
    const org = await createOrganization(t.database.db);
    const user = await createUser(t.database.db, org.id, { first: 'Amélie' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/forgot',
      headers: { 'accept-language': acceptLanguage },
      payload: { email: user.email },
    });
    const { to, mail } = await mailTo(user.email);
    expect(to).toEqual([user.email]);
    expect(mail.subject).toBe(subject);
    expect(mail.text?.split('\n')[0]).toBe(hello);
    expect(codeIn(mail.text)).toBeDefined();
  });

  it("writes an invitation in the inviter's language and names the inviter, their email and organization", async () => {
    const client = await createOrganization(t.database.db, { name: 'Client Bakery' });
    const rootToken = await signIn(t.app, ROOT.email, ROOT.password, randomAddress());
    const res = await as(
      t.app,
      rootToken,
    )({
      method: 'POST',
      url: `/api/v1/users?organizationId=${client.id}`,
      headers: { 'accept-language': 'fr' },
      payload: { first: 'Léa', last: 'Martin', email: 'lea.martin@example.com', roles: ROLE_PRESETS.standard },
    });
    expect(res.statusCode).toBe(200);
    const { to, mail } = await mailTo('lea.martin@example.com');
    expect(to).toEqual(['lea.martin@example.com']);
    expect(mail.subject).toBe('Invitation à rejoindre Tessera');
    const code = codeIn(mail.text);
    expect(mail.text).toContain(
      `Admin User (Product Operations) <${ROOT.email}> vous invite sur Tessera : un compte a été créé pour vous dans Client Bakery.`,
    );
    expect(mail.text).toContain(`Mot de passe temporaire : ${code}`);

    // An administrator of the organization itself, in English: no organization after the name.
    const admin = await createUser(t.database.db, client.id, {
      first: 'Nadia',
      last: 'Okafor',
      roles: ROLE_PRESETS.organizationAdmin,
    });
    const adminToken = await signIn(t.app, admin.email, admin.password, randomAddress());
    await as(
      t.app,
      adminToken,
    )({
      method: 'POST',
      url: `/api/v1/users?organizationId=${client.id}`,
      headers: { 'accept-language': 'en-US,en;q=0.9,fr;q=0.5' },
      payload: { first: 'Tom', last: 'Baker', email: 'tom.baker@example.com', roles: ROLE_PRESETS.standard },
    });
    const english = (await mailTo('tom.baker@example.com')).mail;
    expect(english.subject).toBe('You are invited to Tessera');
    expect(english.text).toContain(
      `Nadia Okafor <${admin.email}> invited you to Tessera: they created an account for you in Client Bakery.`,
    );
  });
});
