import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { PROJECT_NAMESPACE_PATTERN, PROJECT_ROLE_PRESETS, REALTIME_PATH, TOKEN_STORAGE_KEY } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { permissionKeys } from '../../api/permissions.ts';
import { projectKeys } from '../../api/projects.ts';
import { connectProjectSocket } from '../../api/realtime.ts';
import { makeMember, makeProject } from '../../features/projects/testFixtures.ts';
import { applyProjectEvent, type ProjectEventContext } from './projectEvents.ts';

const entry = makeProject('Budget');
const { permission: _permission, organization: _organization, ...project } = entry;
const ME = '64b7f0c2a1b2c3d4e5f60718';

function context(): ProjectEventContext & { client: QueryClient } {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(projectKeys.mine, [entry]);
  client.setQueryData(projectKeys.detail(project._id), project);
  client.setQueryData(permissionKeys.mine(project._id), entry.permission);
  client.setQueryData(permissionKeys.members(project._id), []);
  return {
    projectId: project._id,
    client,
    myUserId: ME,
    leave: vi.fn(),
    open: vi.fn(),
    t: ((key: string) => key) as TFunction,
  };
}
const stale = (ctx: ProjectEventContext, key: readonly unknown[]) => ctx.client.getQueryState(key)?.isInvalidated;

describe('live events', () => {
  it('puts a renamed project in the cache and refreshes the list', () => {
    const ctx = context();
    applyProjectEvent('project:updated', { ...project, name: 'Budget 2026' }, ctx);
    expect(ctx.client.getQueryData(projectKeys.detail(project._id))).toEqual({ ...project, name: 'Budget 2026' });
    expect(stale(ctx, projectKeys.mine)).toBe(true);
    expect(stale(ctx, permissionKeys.mine(project._id))).toBe(false);
  });

  it('refreshes the members on any membership change, one’s own permission only when it is one’s own', () => {
    const ctx = context();
    const other = makeMember(project._id, { first: 'Grace', last: 'Hopper' });
    applyProjectEvent('permission:updated', other, ctx);
    expect(stale(ctx, permissionKeys.members(project._id))).toBe(true);
    expect(stale(ctx, permissionKeys.mine(project._id))).toBe(false);

    const mine = makeMember(project._id, { _id: ME, first: 'Ada', last: 'Lovelace' }, PROJECT_ROLE_PRESETS.view);
    applyProjectEvent('permission:deleted', { _id: mine._id, userId: ME, projectId: project._id }, ctx);
    expect(stale(ctx, permissionKeys.mine(project._id))).toBe(true);
    expect(ctx.leave).not.toHaveBeenCalled(); // the failed permission reload does it (unless one still manages it)
  });

  it('leaves a deleted project and forgets its data', () => {
    const ctx = context();
    applyProjectEvent('project:deleted', { _id: project._id }, ctx);
    expect(ctx.leave).toHaveBeenCalledOnce();
    expect(ctx.client.getQueryData(projectKeys.detail(project._id))).toBeUndefined();
  });

  it('refreshes both projects of a transfer of assets, but not one’s own rights', () => {
    const ctx = context();
    const other = makeProject('Other')._id;
    ctx.client.setQueryData([...projectKeys.scope(other), 'datasets'], []);
    applyProjectEvent(
      'assets:transferred',
      { fromProjectId: project._id, toProjectId: other, assets: { datasets: [] } },
      ctx,
    );
    expect(stale(ctx, projectKeys.detail(project._id))).toBe(true);
    expect(stale(ctx, [...projectKeys.scope(other), 'datasets'])).toBe(true);
    expect(stale(ctx, permissionKeys.mine(project._id))).toBe(false);
  });

  it('ignores unknown events and payloads that break their contract', () => {
    const ctx = context();
    applyProjectEvent('project:updated', { _id: 'not an id' }, ctx);
    applyProjectEvent('something:else', {}, ctx);
    expect(ctx.client.getQueryData(projectKeys.detail(project._id))).toEqual(project);
    expect(stale(ctx, projectKeys.mine)).toBe(false);
  });
});

describe('the project socket', () => {
  let http: HttpServer | undefined;
  let io: Server | undefined;
  afterEach(async () => {
    localStorage.clear();
    io?.close();
    await new Promise((done) => (http ? http.close(done) : done(undefined)));
  });

  it('joins the project’s namespace with the stored token and receives its events', async () => {
    http = createServer();
    io = new Server(http, { path: REALTIME_PATH, cors: { origin: true } });
    const handshakes: unknown[] = [];
    io.of(PROJECT_NAMESPACE_PATTERN)
      .use((socket, next) => {
        handshakes.push({ namespace: socket.nsp.name, auth: socket.handshake.auth });
        next();
      })
      .on('connection', (socket) => socket.emit('project:updated', project));
    await new Promise<void>((done) => http!.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;

    localStorage.setItem(TOKEN_STORAGE_KEY, 'secret-token');
    const socket = connectProjectSocket(project._id, origin);
    const received = await new Promise<unknown>((resolve) => socket.on('project:updated', resolve));
    socket.disconnect();
    expect(received).toEqual(project);
    expect(handshakes).toEqual([{ namespace: `/v1/projects/${project._id}`, auth: { token: 'secret-token' } }]);
  });
});
