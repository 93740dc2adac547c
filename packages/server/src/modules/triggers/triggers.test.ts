import type { AddressInfo } from 'node:net';
import { TRIGGER_MESSAGES as M, type Model, type ModelRun, projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld, eventually } from '../datasets/datasets.fixtures.ts';
import { waitForRun } from '../models/models.fixtures.ts';
import { createTrigger, everyMinutes, pingModel } from './triggers.fixtures.ts';
import { schedulerOf } from './triggers.jobs.ts';
import { firesOf } from './triggers.store.ts';

/** Triggers' calls and the scheduler firing them, driven by a clock of the test's (real database). */

let w: DatasetsWorld;
let model: Model;
let socket: Socket;
const events: Array<[string, { _id: string; status?: string }]> = [];
beforeAll(async () => {
  w = await datasetsWorld();
  ({ model } = await pingModel(w));
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = w.t.app.server.address() as AddressInfo;
  socket = io(`http://127.0.0.1:${port}${projectNamespace(w.projectId)}`, {
    path: REALTIME_PATH,
    auth: { token: w.viewer.token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.onAny((event, payload) => events.push([event, payload]));
}, 180_000);
afterAll(async () => {
  socket?.disconnect();
  await w?.t.close();
});

const editor = () => caller(w, w.editor);
const runsOf = async (modelId: string): Promise<ModelRun[]> =>
  (await editor()('GET', `/api/v1/models/${modelId}/model-runs?limit=100`)).json().runs;

describe('calls', () => {
  it('creates an active trigger with its next run, lists it by project and by model, and tells the project', async () => {
    const t = await createTrigger(w, model, everyMinutes('2030-01-01', 15));
    expect(t).toMatchObject({ status: 'active', type: 'scheduled', modelId: model._id, name: 'Refresh' });
    expect(t.nextRunAt).toBe('2030-01-01T00:00:00.000Z');
    for (const q of [`projectId=${w.projectId}`, `modelId=${model._id}`]) {
      const res = await caller(w, w.viewer)('GET', `/api/v1/triggers?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((x: { _id: string }) => x._id)).toContain(t._id);
    }
    await eventually(() => events.some(([e, p]) => e === 'trigger:created' && p._id === t._id), 'created event');
  });

  it('pauses (no next run) and resumes from now on, with their events', async () => {
    const t = await createTrigger(w, model, everyMinutes('2030-01-01', 15));
    const paused = await editor()('PUT', `/api/v1/triggers/${t._id}/pause`);
    expect(paused.json()).toMatchObject({ status: 'inactive', nextRunAt: null });
    const resumed = await editor()('PUT', `/api/v1/triggers/${t._id}/activate`);
    expect(resumed.json()).toMatchObject({ status: 'active', nextRunAt: '2030-01-01T00:00:00.000Z' });
    await eventually(
      () =>
        events.some(([e, p]) => e === 'trigger:paused' && p._id === t._id) &&
        events.some(([e, p]) => e === 'trigger:activated' && p._id === t._id),
      'paused and activated events',
    );
  });

  it('updates name and pattern (the next run follows) and deletes', async () => {
    const t = await createTrigger(w, model, everyMinutes('2030-01-01', 15));
    const res = await editor()('PUT', `/api/v1/triggers/${t._id}`, {
      name: 'Hourly',
      pattern: {
        ...everyMinutes('2030-02-01', 60),
        start: { ...everyMinutes('2030-02-01').start, scheduled_starttime: '06:00:00' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Hourly', nextRunAt: '2030-02-01T06:00:00.000Z' });
    expect((await editor()('DELETE', `/api/v1/triggers/${t._id}`)).statusCode).toBe(200);
    expect((await editor()('GET', `/api/v1/triggers/${t._id}`)).statusCode).toBe(404);
  });

  it.each<[string, (p: ReturnType<typeof everyMinutes>) => object, string, string]>([
    ['an unknown time zone', (p) => ({ ...p, timezone: 'Mars/Olympus_Mons' }), 'pattern.timezone', M.unknownTimezone],
    [
      'an end before the start',
      (p) => ({ ...p, start: { ...p.start, until_datetime: '2029-12-31T23:59:59' } }),
      'pattern.start.until_datetime',
      M.endBeforeStart,
    ],
    [
      'an interval end before its start',
      (p) => ({ ...p, start: { ...p.start, scheduled_starttime: '10:00:00', scheduled_endtime: '09:00:00' } }),
      'pattern.start.scheduled_endtime',
      M.endBeforeStart,
    ],
    [
      'a zero repeat value',
      (p) => ({ ...p, repeat: { unit: 'minutes', value: 0 } }),
      'pattern.repeat.value',
      M.positive,
    ],
    [
      'a negative repeat value',
      (p) => ({ ...p, repeat: { unit: 'hours', value: -2 } }),
      'pattern.repeat.value',
      M.positive,
    ],
    [
      'a date that is not a date',
      (p) => ({ ...p, start: { ...p.start, effective_startdate: '2030-02-31' } }),
      'pattern.start.effective_startdate',
      M.notDate,
    ],
  ])('answers 400 on %s, naming the field, and saves nothing', async (_name, change, field, message) => {
    const before = (await editor()('GET', `/api/v1/triggers?modelId=${model._id}`)).json().length;
    const res = await editor()('POST', '/api/v1/triggers', {
      name: 'Bad',
      modelId: model._id,
      projectId: w.projectId,
      inputs: [],
      pattern: change(everyMinutes('2030-01-01')),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
    expect((await editor()('GET', `/api/v1/triggers?modelId=${model._id}`)).json().length).toBe(before);
  });

  it('checks the inputs against the model', async () => {
    const res = await editor()('POST', '/api/v1/triggers', {
      name: 'Bad inputs',
      modelId: model._id,
      projectId: w.projectId,
      inputs: [{ varName: 'n', value: 'seven' }],
      pattern: everyMinutes('2030-01-01'),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['inputs.n']);
  });

  it('model edit writes, model view reads; another tenant gets 404', async () => {
    const t = await createTrigger(w, model, everyMinutes('2030-01-01', 15));
    expect((await caller(w, w.viewer)('PUT', `/api/v1/triggers/${t._id}/pause`)).statusCode).toBe(403);
    expect((await caller(w, w.viewer)('GET', `/api/v1/triggers/${t._id}`)).statusCode).toBe(200);
    const body = { name: 'x', modelId: model._id, projectId: w.projectId, pattern: everyMinutes('2030-01-01') };
    expect((await caller(w, w.viewer)('POST', '/api/v1/triggers', body)).statusCode).toBe(403);
    const outsider = caller(w, w.outsider);
    for (const [method, url] of [
      ['GET', `/api/v1/triggers/${t._id}`],
      ['PUT', `/api/v1/triggers/${t._id}/pause`],
      ['DELETE', `/api/v1/triggers/${t._id}`],
      ['GET', `/api/v1/triggers?modelId=${model._id}`],
      ['GET', `/api/v1/triggers?projectId=${w.projectId}`],
    ] as const) {
      expect((await outsider(method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await outsider('POST', '/api/v1/triggers', body)).statusCode).toBe(404);
    // A model of this project named with the outsider's project id: refused, nothing saved.
    const mixed = await outsider('POST', '/api/v1/triggers', { ...body, projectId: w.outsiderProjectId });
    expect(mixed.statusCode).toBe(404);
  });
});

describe('the scheduler (a clock of the test, the real database and jobs)', () => {
  let now = new Date('2031-03-01T00:00:00Z');
  const scheduler = (graceMs = 60_000) => schedulerOf(w.t.app, { pollMs: 1000, graceMs, clock: () => now });

  it('fires a due occurrence once, as a scheduled run in the model history; a pause stops it; delete keeps the runs', {
    timeout: 120_000,
  }, async () => {
    const t = await createTrigger(w, model, everyMinutes('2031-03-01', 1));
    const s = scheduler(180_000);
    now = new Date('2031-03-01T00:00:10Z');
    await s.tick();
    await s.tick(); // the same time again: nothing new
    let fires = await firesOf(w.t.database.db, t._id);
    expect(fires.map((f) => f.scheduledAt.toISOString())).toEqual(['2031-03-01T00:00:00.000Z']);
    const run = (await runsOf(model._id)).find((r) => r.triggerId === t._id);
    expect(run).toMatchObject({ scheduledAt: '2031-03-01T00:00:00.000Z', triggerId: t._id });
    const settled = await waitForRun(w, run!._id);
    expect(settled.status, settled.error ?? '').toBe('finished');

    now = new Date('2031-03-01T00:02:05Z'); // a slow tick: two more are due, both within the grace period (3 min here): both run
    await s.tick();
    fires = await firesOf(w.t.database.db, t._id);
    expect(fires.map((f) => [f.scheduledAt.toISOString(), f.missed])).toEqual([
      ['2031-03-01T00:00:00.000Z', 0],
      ['2031-03-01T00:01:00.000Z', 0],
      ['2031-03-01T00:02:00.000Z', 0],
    ]);

    await editor()('PUT', `/api/v1/triggers/${t._id}/pause`);
    now = new Date('2031-03-01T00:10:00Z');
    await s.tick();
    expect(await firesOf(w.t.database.db, t._id)).toHaveLength(3);

    await editor()('DELETE', `/api/v1/triggers/${t._id}`);
    expect((await runsOf(model._id)).filter((r) => r.triggerId === t._id)).toHaveLength(3);
  });

  it('after downtime runs the most recent missed occurrence once and counts the others', async () => {
    now = new Date('2031-04-01T00:00:00Z');
    const t = await createTrigger(w, model, everyMinutes('2031-04-01', 5));
    const s = scheduler();
    now = new Date('2031-04-01T00:00:30Z');
    await s.tick();
    now = new Date('2031-04-01T01:02:00Z'); // down from 00:05 to 01:00: 12 occurrences, all older than a minute
    await s.tick();
    await s.tick();
    const fires = await firesOf(w.t.database.db, t._id);
    expect(fires.map((f) => [f.scheduledAt.toISOString(), f.missed])).toEqual([
      ['2031-04-01T00:00:00.000Z', 0],
      ['2031-04-01T01:00:00.000Z', 11],
    ]);
    const shown = (await editor()('GET', `/api/v1/triggers/${t._id}`)).json();
    expect(shown.nextRunAt).toBe('2031-04-01T01:05:00.000Z');
    expect(shown.lastRunAt).toBe('2031-04-01T01:00:00.000Z');
  });
});
