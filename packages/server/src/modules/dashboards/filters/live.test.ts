import { type ProjectServerToClient, projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../datasets/datasets.fixtures.ts';
import { addTab } from '../dashboards.fixtures.ts';
import { type CardsWorld, call, cardsWorld, categoryFilter } from '../units/unitData.fixtures.ts';

/** Another viewer's dashboard follows saved filter changes live: the owner's event carries its filters. */
type Client = Socket<ProjectServerToClient>;
let w: CardsWorld;
let socket: Client | undefined;

beforeAll(async () => {
  w = await cardsWorld();
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  socket?.disconnect();
  await w?.t.close();
});

// biome-ignore lint/suspicious/noExplicitAny: payloads are read loosely, each assertion names its fields.
type Payload = Record<string, any>;

async function listen(token: string): Promise<Array<[string, Payload]>> {
  const address = w.t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  socket = io(`http://127.0.0.1:${address.port}${projectNamespace(w.projectId)}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const seen: Array<[string, Payload]> = [];
  socket.onAny((event: string, payload: Payload) => seen.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket!.once('connect', () => resolve());
    socket!.once('connect_error', reject);
  });
  return seen;
}

describe('filters on the live channel', () => {
  it('tab:updated and dashboard:updated carry the changed filters', async () => {
    const seen = await listen(w.viewer.token);
    const has = (event: string, match: (p: Payload) => boolean) => () =>
      seen.some(([name, payload]) => name === event && match(payload));
    const tab = await addTab(w.t, w.editor, w.dashboard._id, 'Live');
    const editor = call(w, w.editor);
    const added = (
      await editor('POST', `/api/v1/tabs/${tab._id}/filters`, categoryFilter(w.sales, 'region', ['North']))
    ).body.filter;
    await eventually(
      has('tab:updated', (p) => p._id === tab._id && p.filters?.[0]?._id === added._id),
      'the tab with its new filter',
    );
    await editor('PUT', `/api/v1/filters/${added._id}`, { value: ['East'] });
    await eventually(
      has('tab:updated', (p) => p._id === tab._id && p.filters?.[0]?.value?.[0] === 'East'),
      'the changed filter',
    );
    const onDashboard = await editor(
      'POST',
      `/api/v1/dashboards/${w.dashboard._id}/filters`,
      categoryFilter(w.sales, 'region', ['South']),
    );
    expect(onDashboard.status).toBe(200);
    await eventually(
      has('dashboard:updated', (p) => p._id === w.dashboard._id && p.filters?.length === 1),
      'the dashboard with its filter',
    );
    await editor('DELETE', `/api/v1/dashboards/${w.dashboard._id}/filters`);
    await eventually(
      has('dashboard:updated', (p) => p._id === w.dashboard._id && p.filters?.length === 0),
      'the dashboard without filters',
    );
  });
});
