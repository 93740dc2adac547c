import type { Alert, AlertFiring, DatasetDetail, ProjectServerToClient } from '@tessera/shared';
import { projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { and, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions, users } from '../../platform/tenancy.tables.ts';
import { appendCsv, caller, eventually, importCsv } from '../datasets/datasets.fixtures.ts';
import { type AlertsWorld, alertsWorld, ref, savedCard } from './alerts.fixtures.ts';
import { alertCheckerOf } from './alerts.jobs.ts';
import { updateAlertRow } from './alerts.store.ts';
import { alertFirings } from './alerts.tables.ts';

/**
 * Alerts fire on real appends: the import job announces `dataset:updated`, the alerts module hears it and queues
 * a check, a worker computes the card as it shows and fires on a turn of the condition from false to true.
 */
let w: AlertsWorld;
let socket: Socket<ProjectServerToClient>;
let viewerSocket: Socket<ProjectServerToClient>;
const notices: unknown[] = [];
/** What another member of the project hears of the editor's alerts: nothing. */
const viewerNotices: unknown[] = [];

async function connect(token: string, heard: unknown[]): Promise<Socket<ProjectServerToClient>> {
  const address = w.t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const client: Socket<ProjectServerToClient> = io(`http://127.0.0.1:${address.port}${projectNamespace(w.projectId)}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  client.on('alert:fired', (payload) => heard.push(payload));
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('connect_error', reject);
  });
  return client;
}

beforeAll(async () => {
  w = await alertsWorld();
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  socket = await connect(w.editor.token, notices);
  viewerSocket = await connect(w.viewer.token, viewerNotices);
});
afterAll(async () => {
  socket?.disconnect();
  viewerSocket?.disconnect();
  await w?.t.close();
});

const base = '/api/v1/alerts';

/** A dataset of one number column `v`, and a KPI card of its sum. */
async function kpiOfSum(name: string, csv: string): Promise<{ dataset: DatasetDetail; unitId: string }> {
  const dataset = await importCsv(w, name, csv);
  const unit = await savedCard(w, 'kpi', { kpi: [{ id: 'sum', feature: ref(dataset, 'v'), operation: 'sum' }] });
  return { dataset, unitId: unit._id };
}

const alertOf = async (id: string): Promise<Alert> =>
  ((await caller(w, w.editor)('GET', `${base}?projectId=${w.projectId}`)).json() as Alert[]).find(
    (a) => a._id === id,
  ) as Alert;
const firingsOf = async (id: string): Promise<AlertFiring[]> =>
  (await caller(w, w.editor)('GET', `${base}/${id}/firings`)).json();

/** Appends rows and waits until the alert was checked with the value they make. */
async function appendAndCheck(datasetId: string, alertId: string, rows: number[], expected: number) {
  const job = await appendCsv(w, datasetId, ['v', ...rows].join('\n'));
  expect(job.status).toBe('completed');
  await eventually(async () => (await alertOf(alertId)).lastValue === expected, `the check of ${expected}`);
}

describe('an alert fires when its condition turns true', () => {
  it('fires once over the threshold, not again while above, again after falling below and rising', async () => {
    const { dataset, unitId } = await kpiOfSum('scores', 'v\n10');
    const created = await w.t.app.inject({
      method: 'POST',
      url: base,
      headers: { authorization: `Bearer ${w.editor.token}`, 'accept-language': 'fr-FR,fr;q=0.9' },
      payload: { name: 'Score', unitId, tabId: w.tabId, valueId: 'sum', condition: 'above', value: 100 },
    });
    const alert = created.json() as Alert;
    expect(alert).toMatchObject({ lastValue: 10, active: false });
    const mailsBefore = w.t.mailer.sent.length;

    await appendAndCheck(dataset._id, alert._id, [95], 105);
    expect(await firingsOf(alert._id)).toMatchObject([{ value: 105, previousValue: 10 }]);
    expect((await alertOf(alert._id)).active).toBe(true);

    await appendAndCheck(dataset._id, alert._id, [1], 106);
    expect(await firingsOf(alert._id)).toHaveLength(1);

    await appendAndCheck(dataset._id, alert._id, [-50], 56);
    expect((await alertOf(alert._id)).active).toBe(false);
    expect(await firingsOf(alert._id)).toHaveLength(1);

    await appendAndCheck(dataset._id, alert._id, [60], 116);
    const firings = await firingsOf(alert._id);
    expect(firings.map((f) => f.value)).toEqual([116, 105]);

    // The mail: one per firing, to the creator, in the language they set the alert in.
    const mails = w.t.mailer.sent.slice(mailsBefore).filter((m) => m.subject.includes('Score'));
    expect(mails).toHaveLength(2);
    const [editor] = await w.t.database.db.select().from(users).where(eq(users.id, w.editor.id));
    expect(mails[0]).toMatchObject({ to: editor.email, subject: 'Alerte Tessera : Score' });
    expect(mails[0].text).toContain('au-dessus de 100');
    expect(mails[0].text).toContain(`http://tessera.test/projects/${w.projectId}/dashboards/${w.dashboard._id}`);
    // The live notice, on the creator's socket.
    await eventually(() => notices.filter((n) => (n as { _id: string })._id === alert._id).length === 2, 'notices');
    expect(notices.find((n) => (n as { _id: string })._id === alert._id)).toMatchObject({
      name: 'Score',
      unitId,
      dashboardId: w.dashboard._id,
      userId: w.editor.id,
      condition: 'above',
      threshold: 100,
      value: 105,
    });
    expect(viewerNotices).toEqual([]);
  });

  it('a change alert fires on a change of more than N % since the last check', async () => {
    const { dataset, unitId } = await kpiOfSum('visits', 'v\n100');
    const alert = (
      await caller(w, w.editor)('POST', base, {
        name: 'Jump',
        unitId,
        tabId: w.tabId,
        valueId: 'sum',
        condition: 'change',
        value: 50,
      })
    ).json() as Alert;
    expect(alert).toMatchObject({ lastValue: 100, active: false });
    await appendAndCheck(dataset._id, alert._id, [10], 110);
    expect(await firingsOf(alert._id)).toEqual([]);
    await appendAndCheck(dataset._id, alert._id, [100], 210);
    expect(await firingsOf(alert._id)).toMatchObject([{ value: 210, previousValue: 110 }]);
    const mail = w.t.mailer.sent.find((m) => m.subject === 'Tessera alert: Jump');
    expect(mail?.text).toContain('changed by more than 50 %');
  });

  it('two checks of one alert at once fire once', async () => {
    const { unitId } = await kpiOfSum('races', 'v\n5');
    const alert = (
      await caller(w, w.editor)('POST', base, {
        name: 'Race',
        unitId,
        tabId: w.tabId,
        valueId: 'sum',
        condition: 'above',
        value: 100,
      })
    ).json() as Alert;
    // The threshold lowered without a check, then two workers' checks at once: the row lock lets one fire.
    await updateAlertRow(w.t.database.db, alert._id, { threshold: 1 });
    const outcomes = await Promise.all([
      alertCheckerOf(w.t.app).check(alert._id),
      alertCheckerOf(w.t.app).check(alert._id),
    ]);
    expect(outcomes.sort()).toEqual(['fired', 'unchanged']);
    expect(await firingsOf(alert._id)).toHaveLength(1);
  });

  it('a recipient who may no longer view the data apps is not told', async () => {
    const { unitId } = await kpiOfSum('hidden', 'v\n5');
    const alert = (
      await caller(w, w.dashboardsOnly)('POST', base, {
        name: 'Gone',
        unitId,
        tabId: w.tabId,
        valueId: 'sum',
        condition: 'above',
        value: 100,
      })
    ).json() as Alert;
    expect(alert.lastValue).toBe(5);
    const { db } = w.t.database;
    const [membership] = await db
      .select()
      .from(permissions)
      .where(and(eq(permissions.userId, w.dashboardsOnly.id), eq(permissions.projectId, w.projectId)));
    await db
      .update(permissions)
      .set({ roles: { ...membership.roles, dashboard: 'hidden' } })
      .where(eq(permissions.id, membership.id));
    await updateAlertRow(db, alert._id, { threshold: 1 });
    expect(await alertCheckerOf(w.t.app).check(alert._id)).toBe('no-access');
    const [row] = await db.select().from(alertFirings).where(eq(alertFirings.alertId, alert._id));
    expect(row).toBeUndefined();
  });
});
