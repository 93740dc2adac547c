import {
  PROJECT_ROLE_PRESETS as P,
  type ProjectServerToClient,
  projectNamespace,
  REALTIME_PATH,
} from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';
import { addTab, addUnit, caller, createDashboard } from './dashboards.fixtures.ts';

/** Another editor's change appears without reload: every data app change reaches the project's live channel. */
type Client = Socket<ProjectServerToClient>;
const sockets: Client[] = [];
let t: TestApp;
let alice: Person;
let bob: Person;
let blind: Person;
let projectId: string;

async function open(token?: string): Promise<{ socket: Client; seen: Array<[string, unknown]> }> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const socket: Client = io(`http://127.0.0.1:${address.port}${projectNamespace(projectId)}`, {
    path: REALTIME_PATH,
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const seen: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => seen.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return { socket, seen };
}

// biome-ignore lint/suspicious/noExplicitAny: payloads are read loosely here, each assertion names its fields.
type Payload = Record<string, any>;

/** Waits until `seen` holds an event matching, or fails after a while. */
async function eventually(seen: Array<[string, unknown]>, event: string, match: (p: Payload) => boolean = () => true) {
  for (let i = 0; i < 100; i++) {
    const hit = seen.find(([name, payload]) => name === event && match(payload as Payload));
    if (hit) return hit[1] as Payload;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no ${event} arrived; saw ${seen.map(([e]) => e).join(', ')}`);
}

beforeAll(async () => {
  t = await createTestApp({ ROLE: 'api' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const db = t.database.db;
  const org = (await createOrganization(db)).id;
  projectId = await project(db, org, { public: true });
  alice = await person(db, org, undefined, 'Alice');
  bob = await person(db, org, undefined, 'Bob');
  blind = await person(db, org, undefined, 'Blind');
  await membership(db, alice.id, projectId, P.edit);
  await membership(db, bob.id, projectId, P.viewDashboards);
  await membership(db, blind.id, projectId, { ...P.edit, dashboard: 'hidden' });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

describe('data apps on the live channel', () => {
  it('tells members who see dashboards, and anonymous viewers of the public project, without naming anyone', async () => {
    const bobs = await open(bob.token);
    const blinds = await open(blind.token);
    const publics = await open();

    const d = await createDashboard(t, alice, projectId, { name: 'Live' });
    const created = await eventually(bobs.seen, 'dashboard:updated', (p) => p._id === d._id);
    expect(created).toMatchObject({ name: 'Live', tabs: d.tabs });
    expect(created).not.toHaveProperty('user');
    expect(await eventually(publics.seen, 'dashboard:updated', (p) => p._id === d._id)).not.toHaveProperty('user');

    const tab = await addTab(t, alice, d._id, 'Second');
    expect(await eventually(bobs.seen, 'tab:updated', (p) => p._id === tab._id)).toMatchObject({ name: 'Second' });
    expect(await eventually(bobs.seen, 'dashboard:updated', (p) => p.tabs?.length === 2)).toMatchObject({ _id: d._id });

    const { unit } = await addUnit(t, alice, tab._id);
    await eventually(bobs.seen, 'unit:updated', (p) => p._id === unit._id);
    await caller(t, alice)('PUT', `/api/v1/units/${unit._id}`, { name: 'Renamed card' });
    await eventually(bobs.seen, 'unit:updated', (p) => p._id === unit._id && p.name === 'Renamed card');
    await eventually(publics.seen, 'unit:updated', (p) => p._id === unit._id && p.name === 'Renamed card');

    await caller(t, alice)('PUT', `/api/v1/tabs/${tab._id}`, { layout: [{ i: unit._id, x: 0, y: 0, w: 4, h: 2 }] });
    await eventually(bobs.seen, 'tab:updated', (p) => p._id === tab._id && p.layout[0]?.w === 4);

    await caller(t, alice)('DELETE', `/api/v1/tabs/${tab._id}/units/${unit._id}`);
    expect(await eventually(bobs.seen, 'unit:deleted')).toEqual({ _id: unit._id, tabId: tab._id, dashboardId: d._id });
    await caller(t, alice)('DELETE', `/api/v1/dashboards/${d._id}/tabs/${tab._id}`);
    expect(await eventually(bobs.seen, 'tab:deleted')).toEqual({ _id: tab._id, dashboardId: d._id });
    await caller(t, alice)('DELETE', `/api/v1/dashboards/${d._id}`);
    expect(await eventually(bobs.seen, 'dashboard:deleted')).toEqual({ _id: d._id });
    await eventually(publics.seen, 'dashboard:deleted');

    // The member whose dashboards are hidden heard none of it.
    expect(blinds.seen.filter(([e]) => /^(dashboard|tab|unit):/.test(e))).toEqual([]);
  });

  it('a restore reaches the channel as an edit does: the tab and card it brings back, the app', async () => {
    const bobs = await open(bob.token);
    const d = await createDashboard(t, alice, projectId, { name: 'Restored live' });
    const tab = await addTab(t, alice, d._id, 'Kept');
    const { unit } = await addUnit(t, alice, tab._id);
    await caller(t, alice)('PUT', `/api/v1/units/${unit._id}`, { name: 'Comes back' });
    const versions = (await caller(t, alice)('GET', `/api/v1/dashboards/${d._id}/versions`)).body.versions;
    await caller(t, alice)('DELETE', `/api/v1/dashboards/${d._id}/tabs/${tab._id}`);
    await eventually(bobs.seen, 'tab:deleted', (p) => p._id === tab._id);
    const res = await caller(t, alice)('POST', `/api/v1/dashboards/${d._id}/versions/${versions[0]._id}/restore`);
    expect(res.status).toBe(200);
    expect(
      await eventually(bobs.seen, 'tab:updated', (p) => p._id === tab._id && p.units[0] === unit._id),
    ).toMatchObject({ name: 'Kept' });
    expect(
      await eventually(bobs.seen, 'unit:updated', (p) => p._id === unit._id && p.name === 'Comes back'),
    ).toMatchObject({ tabId: tab._id });
    await eventually(bobs.seen, 'dashboard:updated', (p) => p._id === d._id && p.tabs.includes(tab._id));
  });
});
