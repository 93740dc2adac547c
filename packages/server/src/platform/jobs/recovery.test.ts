import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_MESSAGES } from '@tessera/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { freshDatabase, testDbKind } from '../../test/harness.ts';
import { newId } from '../ids.ts';
import {
  appOn,
  bossState,
  jobInput,
  listen,
  scenarioHandler,
  type Team,
  team,
  waitFor,
  workers,
} from './jobs.fixtures.ts';
import { jobs as jobsTable } from './jobs.tables.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('a restart', () => {
  let database: Database;
  let crew: Team;
  beforeAll(async () => {
    database = await freshDatabase();
    crew = await team(database.db);
  });
  afterAll(() => database?.close());

  it('fails the jobs that were running or receiving their input, tells the project, and keeps the queued ones', async () => {
    const before = await appOn(database);
    await before.listen({ port: 0, host: '127.0.0.1' });
    const worker = workers(before, database);
    worker.define('modelRun', scenarioHandler().handler);
    await worker.start();
    const enqueuer = workers(before, database, 'api');
    enqueuer.define('packageBuild', scenarioHandler().handler);
    await enqueuer.start();
    const live = await listen(before, crew.projectId, crew.owner.token);

    const running = await worker.enqueue(jobInput(crew, 'modelRun', { mode: 'deaf' }));
    await waitFor(
      () => worker.get(running.id).then((r) => r.status),
      (s) => s === 'active',
    );
    const { data: _data, ...input } = jobInput(crew, 'modelRun', { mode: 'deaf' });
    const held = await worker.hold(input);
    const waiting = await enqueuer.enqueue(jobInput(crew, 'packageBuild', { mode: 'complete' }));

    // The server stops: its worker process (which tells the project), then the app.
    await worker.stop();
    for (const id of [running.id, held.id]) {
      const last = await waitFor(
        () => live.of(id).at(-1),
        (e) => e?.status === 'failed',
      );
      expect(last).toMatchObject({ message: JOB_MESSAGES.interrupted, messageCode: 'job.interrupted' });
    }
    live.close();
    await enqueuer.stop();
    await before.close();

    const after = await appOn(database);
    try {
      expect(await after.ctx.jobs.get(running.id)).toMatchObject({
        status: 'failed',
        message: 'Interrupted by a server restart',
      });
      expect(await after.ctx.jobs.get(held.id)).toMatchObject({
        status: 'failed',
        message: 'Interrupted by a server restart',
      });
      expect(await bossState(database, 'modelRun', running.id)).toBe('failed');
      // A queued job's queue entry is still there: it runs when a worker comes.
      expect((await after.ctx.jobs.get(waiting.id)).status).toBe('queued');
      const next = workers(after, database);
      next.define('packageBuild', scenarioHandler().handler);
      await next.start();
      await waitFor(
        () => next.get(waiting.id).then((r) => r.status),
        (s) => s === 'completed',
      );
      await next.stop();
    } finally {
      await after.close();
    }
  });

  it('fails a queued job whose queue entry is gone, and a running job whose process is gone', async () => {
    const app = await appOn(database);
    try {
      const row = (status: 'queued' | 'active', worker: string | null) => ({
        id: newId(),
        projectId: crew.projectId,
        name: 'orphan',
        type: 'featureDetection' as const,
        status,
        ownerType: 'dataset' as const,
        ownerId: crew.projectId,
        userId: crew.owner.id,
        worker,
        heartbeatAt: worker ? new Date() : null,
      });
      const orphan = row('queued', null);
      const abandoned = row('active', 'a-process-that-is-gone');
      await database.db.insert(jobsTable).values([orphan, abandoned]);
      await app.ctx.jobs.sweep();
      expect((await app.ctx.jobs.get(orphan.id)).status).toBe('failed');
      // PGlite: only this process can hold a job, so an unknown holder is gone at once. PostgreSQL: once its
      // heartbeat is three beats old (the heartbeat is 0.2 s here).
      await waitFor(
        async () => {
          await app.ctx.jobs.sweep();
          return (await app.ctx.jobs.get(abandoned.id)).status;
        },
        (s) => s === 'failed',
        testDbKind === 'pglite' ? 1 : 5000,
      );
      expect((await app.ctx.jobs.get(abandoned.id)).message).toBe(JOB_MESSAGES.interrupted);
    } finally {
      await app.close();
    }
  });
});

/** A database that a child process can open too: a PGlite directory, or a new PostgreSQL database. */
async function sharedDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (testDbKind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-crash-'));
    return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `tessera_crash_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tessera-crash-')), DATABASE_URL: url.toString() },
    async drop() {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const open = (env: Record<string, string>) => openDatabase({ url: env.DATABASE_URL, pgliteDir: `${env.DATA_DIR}/db` });

/** Starts crash.fixture.ts in a child process; resolves with its job ids once its job runs, and a way to kill it. */
function startDoomedServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'crash.fixture.ts')], {
    cwd: path.resolve(here, '../../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<{ running: string; held: string }>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"running"'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before its job ran:\n${stderr}`)));
  });
  return {
    ready,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('a crash', () => {
  it('leaves no job active or waiting forever: the next start (or sweep) fails them', async () => {
    const shared = await sharedDatabase();
    try {
      const setup = await open(shared.env);
      const crew = await team(setup.db);
      await setup.close();

      const doomed = startDoomedServer({ ...shared.env, PROJECT_ID: crew.projectId });
      const ids = await doomed.ready;
      await doomed.kill();

      const database = await open(shared.env);
      const app = await appOn(database, shared.env);
      try {
        // PGlite: failed by the start-up sweep already. PostgreSQL: once the dead process's heartbeat is stale.
        for (const id of [ids.running, ids.held]) {
          const row = await waitFor(
            () => app.ctx.jobs.get(id),
            (r) => r.status === 'failed',
            testDbKind === 'pglite' ? 1 : 10_000,
          );
          expect(row.message).toBe(JOB_MESSAGES.interrupted);
        }
        // The queue entry is failed just after the row (the sweep's next step).
        expect(
          await waitFor(
            () => bossState(database, 'modelRun', ids.running),
            (s) => s === 'failed',
            10_000,
          ),
        ).toBe('failed');
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await shared.drop();
    }
  }, 120_000);
});
