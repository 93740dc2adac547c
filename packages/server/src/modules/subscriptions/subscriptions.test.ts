import { SUBSCRIPTION_ERRORS, type Subscription } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { addTab, caller, createDashboard, type World, world } from '../dashboards/dashboards.fixtures.ts';
import { dailyPattern, emailOfPerson, memberAt } from './subscriptions.fixtures.ts';
import { findSubscription } from './subscriptions.store.ts';
import { signToken, UNSUBSCRIBE_PURPOSE } from './subscriptions.tokens.ts';

/**
 * The subscriptions API (docs/data-apps.md "Subscriptions"): who may subscribe whom, what is checked, tenancy,
 * and the unsubscribe link without signing in. ROLE=api: nothing is sent here (subscriptions.send.test.ts sends).
 */
describe('data app subscriptions: the API', () => {
  let t: TestApp;
  let w: World;
  let dashboardId = '';
  let tabs: string[] = [];
  let viewerEmail = '';
  let editorEmail = '';
  beforeAll(async () => {
    t = await createTestApp({ ROLE: 'api' });
    w = await world(t);
    const d = await createDashboard(t, w.editor, w.projectId, { name: 'Weekly sales' });
    dashboardId = d._id;
    tabs = [d.tabs[0] as string, (await addTab(t, w.editor, dashboardId, 'Second'))._id];
    viewerEmail = await emailOfPerson(t, w.viewer);
    editorEmail = await emailOfPerson(t, w.editor);
    await memberAt(t, w.org, 'acme.test');
    const outsiderOrg = w.outsider.organizationId;
    await memberAt(t, outsiderOrg, 'rival.test');
  });
  afterAll(() => t?.close());

  const body = (change: Record<string, unknown> = {}) => ({
    dashboardId,
    recipients: [{ email: viewerEmail, language: 'fr' }],
    pattern: dailyPattern(),
    format: 'pdf',
    ...change,
  });
  const create = async (who: World['viewer'], change: Record<string, unknown> = {}) =>
    caller(t, who)('POST', '/api/v1/subscriptions', body(change));
  const list = async (who: World['viewer']) =>
    (await caller(t, who)('GET', `/api/v1/subscriptions?dashboardId=${dashboardId}`)).body as Subscription[];

  it('a viewer subscribes themselves; the schedule starts at its next occurrence', async () => {
    const { status, body: created } = await create(w.viewer, { tabs: [tabs[1]] });
    expect(status, JSON.stringify(created)).toBe(200);
    expect(created).toMatchObject({
      dashboardId,
      projectId: w.projectId,
      userId: w.viewer.id,
      recipients: [{ email: viewerEmail, language: 'fr' }],
      tabs: [tabs[1]],
      format: 'pdf',
      filters: null,
      nextRunAt: '2031-03-01T07:00:00.000Z',
      lastSentAt: null,
      lastError: null,
    });
  });

  it('a viewer may not subscribe anyone else, nor see or change others’ subscriptions', async () => {
    const refused = await create(w.viewer, { recipients: [{ email: editorEmail }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ recipients: SUBSCRIPTION_ERRORS.onlySelf });
    const editors = await create(w.editor, { recipients: [{ email: editorEmail }] });
    expect(editors.status).toBe(200);
    expect((await list(w.viewer)).every((s) => s.userId === w.viewer.id)).toBe(true);
    expect((await list(w.editor)).length).toBeGreaterThanOrEqual(2);
    const id = editors.body._id;
    expect((await caller(t, w.viewer)('PUT', `/api/v1/subscriptions/${id}`, { format: 'pdf' })).status).toBe(404);
    expect((await caller(t, w.viewer)('DELETE', `/api/v1/subscriptions/${id}`)).status).toBe(404);
    expect(await findSubscription(t.database.db, id)).toBeDefined();
  });

  it('an editor subscribes members and addresses of the organization’s domains, not others', async () => {
    const ok = await create(w.editor, {
      recipients: [{ email: viewerEmail }, { email: 'Boss@ACME.test', language: 'fr' }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.recipients).toEqual([
      { email: viewerEmail, language: 'en' },
      { email: 'boss@acme.test', language: 'fr' },
    ]);
    const refused = await create(w.editor, {
      recipients: [{ email: 'boss@acme.test' }, { email: 'spy@rival.test' }, { email: 'a@sub.acme.test' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      'recipients.1.email': SUBSCRIPTION_ERRORS.domainNotAllowed,
      'recipients.2.email': SUBSCRIPTION_ERRORS.domainNotAllowed,
    });
  });

  it.each([
    [{ recipients: [] }, 'recipients'],
    [{ recipients: [{ email: 'not-an-address' }] }, 'recipients.0.email'],
    [{ recipients: [{ email: 'x@acme.test', language: 'de' }] }, 'recipients.0.language'],
    [{ recipients: [{ email: 'x@acme.test' }, { email: 'X@acme.test' }] }, 'recipients.1.email'],
    [{ format: 'doc' }, 'format'],
    [{ format: 'png' }, 'tabs'],
    [{ format: 'png', tabs: ['0123456789abcdef01234567'] }, 'tabs'],
    [{ tabs: ['0123456789abcdef01234567'] }, 'tabs'],
    [{ pattern: { ...dailyPattern(), timezone: 'Mars/Olympus' } }, 'pattern.timezone'],
    [{ pattern: { ...dailyPattern(), repeat: { unit: 'days', value: 0 } } }, 'pattern.repeat.value'],
    [{ extra: 1 }, 'body'],
  ])('refuses %j with a 400 naming %s, and stores nothing', async (change, field) => {
    const before = (await list(w.editor)).length;
    const { status, body: answer } = await create(w.editor, change);
    expect(status).toBe(400);
    expect(Object.keys(answer.error.fields ?? { body: 1 })).toContain(field);
    expect((await list(w.editor)).length).toBe(before);
  });

  it('an editor changes and deletes any subscription; a viewer their own', async () => {
    const mine = (await create(w.viewer)).body as Subscription;
    const changed = await caller(t, w.viewer)('PUT', `/api/v1/subscriptions/${mine._id}`, {
      format: 'png',
      tabs: [tabs[0]],
      pattern: dailyPattern('2031-06-01', 'UTC'),
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ format: 'png', tabs: [tabs[0]], nextRunAt: '2031-06-01T08:00:00.000Z' });
    const bad = await caller(t, w.viewer)('PUT', `/api/v1/subscriptions/${mine._id}`, { tabs: [tabs[0], tabs[1]] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ tabs: SUBSCRIPTION_ERRORS.pngOneTab });
    const byEditor = await caller(t, w.editor)('PUT', `/api/v1/subscriptions/${mine._id}`, { format: 'pdf' });
    expect(byEditor.status).toBe(200);
    expect((await caller(t, w.viewer)('DELETE', `/api/v1/subscriptions/${mine._id}`)).status).toBe(200);
    expect(await findSubscription(t.database.db, mine._id)).toBeUndefined();
  });

  it('another organization, a member without dashboard view and anonymous callers get nothing', async () => {
    const id = ((await create(w.editor)).body as Subscription)._id;
    for (const who of [w.outsider]) {
      expect((await caller(t, who)('GET', `/api/v1/subscriptions?dashboardId=${dashboardId}`)).status).toBe(404);
      expect((await caller(t, who)('PUT', `/api/v1/subscriptions/${id}`, { format: 'pdf' })).status).toBe(404);
      expect((await caller(t, who)('DELETE', `/api/v1/subscriptions/${id}`)).status).toBe(404);
      expect((await create(who)).status).toBe(404);
    }
    expect((await caller(t, w.hidden)('DELETE', `/api/v1/subscriptions/${id}`)).status).toBe(403);
    expect((await caller(t, undefined)('GET', `/api/v1/subscriptions?dashboardId=${dashboardId}`)).status).toBe(401);
    expect(await findSubscription(t.database.db, id)).toBeDefined();
  });

  it('unsubscribes without signing in; a second use is harmless; a token of another purpose is refused', async () => {
    const created = (
      await create(w.editor, { recipients: [{ email: viewerEmail }, { email: 'boss@acme.test', language: 'fr' }] })
    ).body as Subscription;
    const row = await findSubscription(t.database.db, created._id);
    const key = row?.unsubscribeKey ?? '';
    const token = signToken(key, {
      purpose: UNSUBSCRIBE_PURPOSE,
      subscriptionId: created._id,
      email: 'boss@acme.test',
    });
    const url = `/api/v1/subscriptions/unsubscribe/${token}`;
    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Vous êtes désabonné');
    expect(page.body).toContain('Weekly sales');
    expect((await findSubscription(t.database.db, created._id))?.recipients).toEqual([
      { email: viewerEmail, language: 'en' },
    ]);
    const again = await t.app.inject({ method: 'GET', url });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ dashboardName: 'Weekly sales', email: null });
    expect((await findSubscription(t.database.db, created._id))?.recipients.length).toBe(1);

    const other = signToken(key, { purpose: 'preview', subscriptionId: created._id, email: viewerEmail });
    const forged = signToken('another key', {
      purpose: UNSUBSCRIBE_PURPOSE,
      subscriptionId: created._id,
      email: viewerEmail,
    });
    const elsewhere = signToken(key, { purpose: UNSUBSCRIBE_PURPOSE, subscriptionId: dashboardId, email: viewerEmail });
    expect(token.length).toBeLessThan(100);
    for (const bad of [other, forged, elsewhere, `${token}x`, 'nonsense', 'a.b.c']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/subscriptions/unsubscribe/${bad}` });
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toBe(SUBSCRIPTION_ERRORS.badToken);
    }
    expect((await findSubscription(t.database.db, created._id))?.recipients.length).toBe(1);

    // The last one leaving: the subscription stays, with no one to send to and no next occurrence.
    const last = signToken(key, { purpose: UNSUBSCRIBE_PURPOSE, subscriptionId: created._id, email: viewerEmail });
    const en = await t.app.inject({
      method: 'GET',
      url: `/api/v1/subscriptions/unsubscribe/${last}`,
      headers: { accept: 'text/html' },
    });
    expect(en.body).toContain('You are unsubscribed');
    const after = await findSubscription(t.database.db, created._id);
    expect(after?.recipients).toEqual([]);
    expect(after?.nextRunAt).toBeNull();
  });
});
