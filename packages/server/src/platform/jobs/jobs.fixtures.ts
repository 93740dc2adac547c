import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Job,
  type JobType,
  PROJECT_ROLE_PRESETS,
  type ProjectRoles,
  projectNamespace,
  REALTIME_PATH,
} from '@tessera/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { membership, person, project } from '../../modules/projects/projects.fixtures.ts';
import { createOrganization } from '../../test/accounts.ts';
import { MemoryMailer, ROOT } from '../../test/harness.ts';
import { toBossId } from './bossIds.ts';
import { publisher } from './index.ts';
import type { JobContext, JobHandler } from './runner.ts';
import { JobService } from './service.ts';

/**
 * Test apps run with ROLE=api and fast job settings: the handlers the product's modules define on them never take
 * the tests' jobs (they share the queue of their type), while the app's own job service still sweeps and enqueues.
 * The tests' handlers run on job services of their own (`workers`) on the same database, as a worker process would.
 */
export const FAST_JOBS = {
  ROLE: 'api',
  JOBS_POLLING_SECONDS: '0.5',
  // Stale after 3 beats (1.5 s): a loaded machine's event-loop stall must not pass for a dead process.
  JOBS_HEARTBEAT_SECONDS: '0.5',
  JOBS_STOP_SECONDS: '0.2',
} as const;

/** The real app on an existing database (as a server, or a restarted one, finds it), with FAST_JOBS. */
export async function appOn(database: Database, env: Record<string, string> = {}): Promise<FastifyInstance> {
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tessera-jobs-')),
      ADMIN_EMAIL: ROOT.email,
      ADMIN_PASSWORD: ROOT.password,
      LOG_LEVEL: 'silent',
      ...FAST_JOBS,
      ...env,
    }),
    database,
    mailer: new MemoryMailer(),
  });
  await app.ready();
  return app;
}

/** The real app on `database` with its own job service stopped: only the test's services (`workers`) sweep. */
export async function appWithJobsStopped(database: Database): Promise<FastifyInstance> {
  const app = await appOn(database);
  await app.ctx.jobs.stop();
  return app;
}

/** A job service on an app's database, publishing to the app's live channel; start it after defining. */
export function workers(
  app: FastifyInstance,
  database: Database,
  role: 'all' | 'api' | 'worker' = 'all',
  pollingSeconds = 0.5,
): JobService {
  return new JobService({
    database,
    log: app.log.child({ component: 'test-jobs' }),
    role,
    pollingSeconds,
    heartbeatSeconds: 0.2,
    stopSeconds: 0.2,
    publish: publisher(app),
  });
}

/** Polls `read` until `done` holds for its value; fails with the last value after `ms`. */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > until) throw new Error(`still not there after ${ms} ms: ${JSON.stringify(value)}`);
    await sleep(25);
    value = await read();
  }
  return value;
}

/** The state of a job's pg-boss entry (undefined when there is none). */
export async function bossState(database: Database, type: string, id: string): Promise<string | undefined> {
  const result = (await database.db.execute(
    sql`select state::text as state from pgboss.job where name = ${type} and id = ${toBossId(id)}::uuid`,
  )) as unknown as { rows: Array<{ state: string }> };
  return result.rows[0]?.state;
}

/** What a scenario handler is told to do, through the job's data. */
export type Scenario =
  | { mode: 'complete'; message?: string }
  | { mode: 'progress'; steps: number[]; pauseMs: number }
  | { mode: 'fail'; message: string }
  /** Waits for its signal, then rejects with it (a well-behaved long job). */
  | { mode: 'wait' }
  /** Never settles and ignores its signal (a badly-behaved one). */
  | { mode: 'deaf' }
  | { mode: 'sleep'; ms: number };

/** A real handler whose behaviour comes from the job's data; it records what it saw. */
export function scenarioHandler(label = 'node') {
  const started: Array<{ id: string; node: string }> = [];
  const aborted = new Set<string>();
  const load = { now: 0, max: 0 };
  const handler: JobHandler<Scenario> = async (ctx: JobContext<Scenario>) => {
    load.now += 1;
    load.max = Math.max(load.max, load.now);
    try {
      return await play(ctx);
    } finally {
      load.now -= 1;
    }
  };
  const play = async ({ job, data, signal, progress }: JobContext<Scenario>): ReturnType<JobHandler<Scenario>> => {
    started.push({ id: job.id, node: label });
    signal.addEventListener('abort', () => aborted.add(job.id), { once: true });
    switch (data.mode) {
      case 'complete':
        return data.message ? { message: data.message } : undefined;
      case 'progress':
        for (const step of data.steps) {
          await progress(step);
          await sleep(data.pauseMs);
        }
        return;
      case 'fail':
        throw new Error(data.message);
      case 'wait':
        await new Promise((_resolve, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
        return;
      case 'deaf':
        await new Promise(() => {});
        return;
      case 'sleep':
        await sleep(data.ms);
        return;
    }
  };
  return { handler, started, aborted, load };
}

export interface Team {
  organizationId: string;
  projectId: string;
  owner: { id: string; token: string };
}

/** An organization with a project and a member who sees everything in it. */
export async function team(db: Db): Promise<Team> {
  const organizationId = (await createOrganization(db)).id;
  const owner = await person(db, organizationId);
  const projectId = await project(db, organizationId);
  await membership(db, owner.id, projectId, PROJECT_ROLE_PRESETS.full);
  return { organizationId, projectId, owner };
}

/** Another member of the project, with these roles. */
export async function member(db: Db, t: Team, roles: ProjectRoles) {
  const who = await person(db, t.organizationId);
  await membership(db, who.id, t.projectId, roles);
  return who;
}

export const jobInput = (t: Team, type: JobType, scenario: Scenario, name = 'data.csv') => ({
  projectId: t.projectId,
  type,
  ownerType: 'dataset' as const,
  ownerId: '0123456789abcdef01234567',
  userId: t.owner.id,
  name,
  data: scenario,
});

type Client = Socket;

/** A socket.io client on the project's live channel, connected, recording every `job:updated` it receives. */
export async function listen(app: FastifyInstance, projectId: string, token: string) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  const socket: Client = io(`http://127.0.0.1:${address.port}${projectNamespace(projectId)}`, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const events: Job[] = [];
  socket.on('job:updated', (job: Job) => events.push(job));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    events,
    /** The events of one job, in order. */
    of: (id: string) => events.filter((e) => e._id === id),
    close: () => socket.disconnect(),
  };
}
