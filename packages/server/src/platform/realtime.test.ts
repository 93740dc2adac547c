import { connect as tcpConnect } from 'node:net';
import {
  PROJECT_ROLE_PRESETS as P,
  type ProjectEventName,
  type ProjectEventPayload,
  type ProjectServerToClient,
  projectNamespace,
  REALTIME_PATH,
  ROLE_PRESETS,
} from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { membership, type Person, person, project } from '../modules/projects/projects.fixtures.ts';
import { createOrganization } from '../test/accounts.ts';
import { as, createTestApp, MemoryMailer, ROOT, type TestApp } from '../test/harness.ts';
import { emitToProject, realtimeOf } from './realtime.ts';
import { accessTokens, users } from './tenancy.tables.ts';

type Client = Socket<ProjectServerToClient>;
const clients: Client[] = [];

const urlOf = (app: FastifyInstance) => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

function open(app: FastifyInstance, projectId: string, token?: string): Client {
  const socket: Client = io(urlOf(app) + projectNamespace(projectId), {
    path: REALTIME_PATH,
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return socket;
}

/** Resolves with 'connected', or with the refusal's message. */
const admission = (socket: Client) =>
  new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err.message));
  });

async function connected(app: FastifyInstance, projectId: string, token?: string): Promise<Client> {
  const socket = open(app, projectId, token);
  expect(await admission(socket)).toBe('connected');
  return socket;
}

function nextEvent<E extends ProjectEventName>(socket: Client, event: E, ms = 5000): Promise<ProjectEventPayload<E>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    (socket as unknown as { once(e: string, f: (p: ProjectEventPayload<E>) => void): void }).once(event, (payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Every event a socket receives, in order. */
function record(socket: Client): Array<[string, unknown]> {
  const seen: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => seen.push([event, payload]));
  return seen;
}

const disconnection = (socket: Client, ms = 5000) =>
  new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

const updated = (id: string, name: string) => ({
  _id: id,
  name,
  organizationId: '0123456789abcdef01234567',
  public: false,
  timeCreated: new Date(0).toISOString(),
});

afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

describe('realtime gateway (one node)', () => {
  let t: TestApp;
  let org: string;
  let owner: Person;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    org = (await createOrganization(t.database.db, { publicSharing: true })).id;
    owner = await person(t.database.db, org);
  });
  afterAll(() => t?.close());

  it('shares the HTTP server with the API', async () => {
    const res = await fetch(`${urlOf(t.app)}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('ok');
  });

  it('lets a member in and delivers the project events the services emit', async () => {
    const id = await project(t.database.db, org);
    await membership(t.database.db, owner.id, id);
    const socket = await connected(t.app, id, owner.token);
    const event = nextEvent(socket, 'project:updated');
    expect(
      (await as(t.app, owner.token)({ method: 'PUT', url: `/api/v1/projects/${id}`, payload: { name: 'Live' } }))
        .statusCode,
    ).toBe(200);
    expect(await event).toMatchObject({ _id: id, name: 'Live', organizationId: org });
  });

  it('refuses a non-member, an unknown token, a deactivated user, and an unknown project', async () => {
    const db = t.database.db;
    const id = await project(db, org);
    const stranger = await person(db, (await createOrganization(db)).id);
    expect(await admission(open(t.app, id, stranger.token))).toBe('not-found');
    expect(await admission(open(t.app, id, 'not-a-token'))).toBe('unauthorized');
    const member = await person(db, org);
    await membership(db, member.id, id, P.view);
    expect(await admission(open(t.app, id, member.token))).toBe('connected');
    await db.update(users).set({ active: false }).where(eq(users.id, member.id));
    expect(await admission(open(t.app, id, member.token))).toBe('unauthorized');
    expect(await admission(open(t.app, '0123456789abcdef01234567', owner.token))).toBe('not-found');
    // Nothing but project channels: the default namespace and other names are refused.
    const root = io(urlOf(t.app), {
      path: REALTIME_PATH,
      auth: { token: owner.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    clients.push(root);
    expect(await admission(root)).toBe('not-found');
    const elsewhere = io(`${urlOf(t.app)}/v1/projects/not-an-id`, {
      path: REALTIME_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    clients.push(elsewhere);
    expect(await admission(elsewhere)).toBe('Invalid namespace');
  });

  it('admits anonymous sockets only on a public project of a sharing organization, and only to public events', async () => {
    const db = t.database.db;
    const publicId = await project(db, org, { public: true });
    const privateId = await project(db, org, { public: false });
    const closedOrg = (await createOrganization(db, { publicSharing: false })).id;
    const publicInClosed = await project(db, closedOrg, { public: true });
    expect(await admission(open(t.app, privateId))).toBe('unauthorized');
    expect(await admission(open(t.app, publicInClosed))).toBe('unauthorized');

    await membership(db, owner.id, publicId, P.full);
    const anonymous = await connected(t.app, publicId);
    const member = await connected(t.app, publicId, owner.token);
    const anonymousSaw = record(anonymous);
    const memberSaw = record(member);
    emitToProject(t.app, publicId, 'project:updated', updated(publicId, 'members only'));
    emitToProject(t.app, publicId, 'project:updated', updated(publicId, 'for everyone'), { public: true });
    const last = nextEvent(member, 'project:deleted');
    emitToProject(t.app, publicId, 'project:deleted', { _id: publicId });
    await last;
    await new Promise((r) => setTimeout(r, 100));
    expect(anonymousSaw.map(([, p]) => (p as { name?: string }).name)).toEqual(['for everyone']);
    expect(memberSaw.map(([e, p]) => `${e} ${(p as { name?: string }).name ?? ''}`.trim())).toEqual([
      'project:updated members only',
      'project:updated for everyone',
      'project:deleted',
    ]);
  });

  it('sends area events only to members who see the area, and follows role changes at once', async () => {
    const db = t.database.db;
    const id = await project(db, org);
    await membership(db, owner.id, id, P.full);
    const watcher = await person(db, org);
    const permissionId = await membership(db, watcher.id, id, P.viewDashboards);
    const socket = await connected(t.app, id, watcher.token);
    const saw = record(socket);
    const transferred = (n: number) => ({
      fromProjectId: id,
      toProjectId: id,
      assets: { datasets: [String(n).padStart(24, '0')] },
    });
    emitToProject(t.app, id, 'assets:transferred', transferred(1), { area: 'dataset' });
    // Granting dataset view re-checks the watcher's socket; the permission event comes after it.
    const granted = nextEvent(socket, 'permission:updated');
    const res = await as(
      t.app,
      owner.token,
    )({ method: 'PUT', url: `/api/v1/permissions/${permissionId}`, payload: { roles: P.view } });
    expect(res.statusCode).toBe(200);
    await granted;
    const second = nextEvent(socket, 'assets:transferred');
    emitToProject(t.app, id, 'assets:transferred', transferred(2), { area: 'dataset' });
    await second;
    expect(saw.filter(([e]) => e === 'assets:transferred').map(([, p]) => p)).toEqual([transferred(2)]);
  });

  it('tells a removed member, then closes their channel', async () => {
    const db = t.database.db;
    const id = await project(db, org);
    await membership(db, owner.id, id, P.full);
    const leaving = await person(db, org);
    const permissionId = await membership(db, leaving.id, id, P.view);
    const socket = await connected(t.app, id, leaving.token);
    const told = nextEvent(socket, 'permission:deleted');
    const closed = disconnection(socket);
    expect(
      (await as(t.app, owner.token)({ method: 'DELETE', url: `/api/v1/permissions/${permissionId}` })).statusCode,
    ).toBe(200);
    expect(await told).toEqual({ _id: permissionId, userId: leaving.id, projectId: id });
    expect(await closed).toBe('io server disconnect');
    expect(await admission(open(t.app, id, leaving.token))).toBe('not-found');
  });

  it('closes the channel of a deleted project, of a project made private (for anonymous viewers), of a revoked token', async () => {
    const db = t.database.db;
    const id = await project(db, org, { public: true });
    await membership(db, owner.id, id, P.full);
    const anonymous = await connected(t.app, id);
    const anonymousGone = disconnection(anonymous);
    const member = await connected(t.app, id, owner.token);
    expect(
      (await as(t.app, owner.token)({ method: 'PUT', url: `/api/v1/projects/${id}`, payload: { public: false } }))
        .statusCode,
    ).toBe(200);
    expect(await anonymousGone).toBe('io server disconnect');
    expect(member.connected).toBe(true);

    const other = await person(db, org);
    await membership(db, other.id, id, P.view);
    const revoked = await connected(t.app, id, other.token);
    const revokedGone = disconnection(revoked);
    await db.delete(accessTokens).where(eq(accessTokens.userId, other.id));
    // The periodic check (every minute) finds it; run it now.
    await realtimeOf(t.app).revalidate(id);
    expect(await revokedGone).toBe('io server disconnect');

    const deleted = nextEvent(member, 'project:deleted');
    const memberGone = disconnection(member);
    expect((await as(t.app, owner.token)({ method: 'DELETE', url: `/api/v1/projects/${id}` })).statusCode).toBe(200);
    expect(await deleted).toEqual({ _id: id });
    expect(await memberGone).toBe('io server disconnect');
  });

  it('drops an event whose payload does not match its contract, and strips fields outside it', async () => {
    const id = await project(t.database.db, org);
    await membership(t.database.db, owner.id, id);
    const socket = await connected(t.app, id, owner.token);
    const saw = record(socket);
    emitToProject(t.app, id, 'project:deleted', { _id: 'not an id' });
    const received = nextEvent(socket, 'project:updated');
    emitToProject(t.app, id, 'project:updated', { ...updated(id, 'clean'), secret: 'x' } as never);
    expect(await received).toEqual(updated(id, 'clean'));
    expect(saw.map(([e]) => e)).toEqual(['project:updated']);
  });
});

/** Whether something answers on the local Redis port. */
const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = tcpConnect(6379, '127.0.0.1');
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('realtime gateway (two nodes over Redis)', () => {
  const REDIS_URL = 'redis://127.0.0.1:6379';
  let redisUp = false;
  let first: TestApp | undefined;
  let second: FastifyInstance | undefined;
  beforeAll(async () => {
    redisUp = await redisAnswers();
    if (!redisUp) {
      console.warn(`Skipping the two-node realtime test: Redis does not answer at ${REDIS_URL}`);
      return;
    }
    first = await createTestApp({ REDIS_URL });
    // The second node shares the first one's database, as two servers share one PostgreSQL.
    second = await buildApp({
      config: loadConfig({
        DATA_DIR: first.dataDir,
        ADMIN_EMAIL: ROOT.email,
        ADMIN_PASSWORD: ROOT.password,
        LOG_LEVEL: 'silent',
        REDIS_URL,
      }),
      database: first.database,
      mailer: new MemoryMailer(),
    });
    await first.app.listen({ port: 0, host: '127.0.0.1' });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('delivers an event emitted on one node to a client of the other, and closes a removed member there', async (ctx) => {
    if (!redisUp || !first || !second) return ctx.skip();
    const db = first.database.db;
    const org = (await createOrganization(db)).id;
    const owner = await person(db, org, ROLE_PRESETS.standard);
    const id = await project(db, org);
    await membership(db, owner.id, id, P.full);
    const member = await person(db, org);
    const permissionId = await membership(db, member.id, id, P.view);

    const onSecond = await connected(second, id, member.token);
    const event = nextEvent(onSecond, 'project:updated');
    expect(
      (await as(first.app, owner.token)({ method: 'PUT', url: `/api/v1/projects/${id}`, payload: { name: 'Across' } }))
        .statusCode,
    ).toBe(200);
    expect(await event).toMatchObject({ _id: id, name: 'Across' });

    const told = nextEvent(onSecond, 'permission:deleted');
    const gone = disconnection(onSecond);
    expect(
      (await as(first.app, owner.token)({ method: 'DELETE', url: `/api/v1/permissions/${permissionId}` })).statusCode,
    ).toBe(200);
    expect((await told).userId).toBe(member.id);
    expect(await gone).toBe('io server disconnect');
  });

  it('closes its sockets when the app closes, leaving the other node serving', async (ctx) => {
    if (!redisUp || !first || !second) return ctx.skip();
    const db = first.database.db;
    const org = (await createOrganization(db)).id;
    const owner = await person(db, org);
    const id = await project(db, org);
    await membership(db, owner.id, id, P.full);
    const onFirst = await connected(first.app, id, owner.token);
    const onSecond = await connected(second, id, owner.token);
    const gone = disconnection(onSecond);
    await second.close();
    second = undefined;
    expect(await gone).toMatch(/transport close|io server disconnect/);
    expect(onFirst.connected).toBe(true);
    const event = nextEvent(onFirst, 'project:updated');
    expect(
      (
        await as(
          first.app,
          owner.token,
        )({ method: 'PUT', url: `/api/v1/projects/${id}`, payload: { name: 'Still here' } })
      ).statusCode,
    ).toBe(200);
    expect((await event).name).toBe('Still here');
  });
});
