import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { MemoryMailer, ROOT, testDbKind } from '../../test/harness.ts';
import { FAST_JOBS, jobInput, scenarioHandler, type Team, team, waitFor, workers } from './jobs.fixtures.ts';
import type { JobService } from './service.ts';

/**
 * Several server processes on one PostgreSQL database: each job runs exactly once. Each node here has its own
 * pool, its own pg-boss and its own workers, as separate machines would; pg-boss hands a job to one fetch only
 * (SKIP LOCKED) and our claim (queued → active) is conditional, so no job runs twice.
 */
describe.skipIf(testDbKind !== 'postgres')('jobs across several processes (PostgreSQL)', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `tessera_workers_${randomBytes(6).toString('hex')}`;
  const url = new URL(base || 'postgres://localhost/x');
  url.pathname = `/${name}`;
  const nodes: Array<{ database: Database; app: FastifyInstance; jobs: JobService }> = [];
  const handlers = [scenarioHandler('first'), scenarioHandler('second')];
  let crew: Team;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    for (const handler of handlers) {
      const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
      const app = await buildApp({
        config: loadConfig({
          ...FAST_JOBS,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'tessera-node-')),
          ADMIN_EMAIL: ROOT.email,
          ADMIN_PASSWORD: ROOT.password,
          LOG_LEVEL: 'silent',
        }),
        database,
        mailer: new MemoryMailer(),
      });
      await app.ready();
      const jobs = workers(app, database);
      jobs.define('modelRun', handler.handler, { concurrency: 3 });
      nodes.push({ database, app, jobs });
    }
    // Both nodes prepare their queue at the same moment, as two servers starting together do.
    await Promise.all(nodes.map((node) => node.jobs.start()));
    crew = await team(nodes[0].database.db);
  });

  afterAll(async () => {
    for (const node of nodes) {
      await node.jobs.stop();
      await node.app.close();
      await node.database.close();
    }
    if (!base) return;
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });

  it('handles each of 20 jobs, enqueued on both nodes, exactly once', async () => {
    const enqueued = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        nodes[i % 2].jobs.enqueue(jobInput(crew, 'modelRun', { mode: 'sleep', ms: 100 }, `run ${i}`)),
      ),
    );
    const ids = enqueued.map((job) => job.id).sort();
    await waitFor(
      () => Promise.all(ids.map((id) => nodes[0].jobs.get(id).then((row) => row.status))),
      (statuses) => statuses.every((s) => s === 'completed'),
      30_000,
    );
    const handled = handlers.flatMap((h) => h.started);
    expect(handled.map((h) => h.id).sort()).toEqual(ids);
    // Both nodes took part (each polls every 0.5 s and wakes on its own enqueues).
    expect(new Set(handled.map((h) => h.node))).toEqual(new Set(['first', 'second']));
    // Each job's row names the node that ran it.
    const byWorker = new Map(nodes.map((node, i) => [node.jobs.nodeId, handlers[i].started.map((s) => s.id)]));
    for (const id of ids) {
      const row = await nodes[1].jobs.get(id);
      expect(byWorker.get(row.worker ?? '')).toContain(id);
    }
  });
});

describe.skipIf(testDbKind === 'postgres')('jobs across several processes (PGlite)', () => {
  it('is tested on PostgreSQL only: a PGlite database belongs to one process', () => {
    // TEST_DB=postgres runs the real test above; PGlite cannot be opened by a second process.
    expect(testDbKind).toBe('pglite');
  });
});
