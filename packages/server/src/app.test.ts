import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildWorker, serverModules } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { FAST_JOBS } from './platform/jobs/jobs.fixtures.ts';
import { gatherResourceResolvers } from './platform/projectAccess.ts';
import { freshDatabase, MemoryMailer, ROOT } from './test/harness.ts';

/** The composition (app.ts): every module wired once, the API with its routes, a worker with its jobs only. */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(async () => {
  await database?.close();
});

const configFor = (ROLE: 'all' | 'api' | 'worker', dataDir: string) =>
  loadConfig({
    ...FAST_JOBS,
    ROLE,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ROOT.email,
    ADMIN_PASSWORD: ROOT.password,
    LOG_LEVEL: 'silent',
  });

const JOB_TYPES = ['dashboardPreview', 'dashboardExport', 'featureDetection', 'append', 'packageBuild', 'modelRun'];

describe('the composition', () => {
  it('declares each resource kind once, besides the project itself', () => {
    const kinds = Object.keys(gatherResourceResolvers(serverModules().map((m) => m.resources)));
    expect(kinds.sort()).toEqual(
      [
        'alert',
        'algorithm',
        'collection',
        'dashboard',
        'dataset',
        'export',
        'feature',
        'filter',
        'form',
        'model',
        'modelRun',
        'package',
        'permission',
        'project',
        'subscription',
        'tab',
        'trigger',
        'triggerScope',
        'unit',
      ].sort(),
    );
    expect(() => gatherResourceResolvers([{ tab: async () => undefined }, { tab: async () => undefined }])).toThrow(
      'resource kind tab is declared twice',
    );
  });

  it('an API process defines every job type (to enqueue them) and serves the routes', async () => {
    const app = await buildApp({
      config: configFor('api', mkdtempSync(`${tmpdir()}/tessera-app-`)),
      database,
      mailer: new MemoryMailer(),
    });
    try {
      await app.ready();
      expect(app.ctx.jobs.definedTypes).toEqual(expect.arrayContaining(JOB_TYPES));
      expect(app.ctx.jobs.runsWorkers).toBe(false);
      expect((await app.inject({ method: 'GET', url: '/api/v1/projects/my' })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('a worker runs the job handlers without the modules’ routes, and answers its health', async () => {
    const app = await buildWorker({
      config: configFor('worker', mkdtempSync(`${tmpdir()}/tessera-worker-`)),
      database,
      mailer: new MemoryMailer(),
    });
    try {
      await app.ready();
      expect(app.ctx.jobs.definedTypes).toEqual(expect.arrayContaining(JOB_TYPES));
      expect(app.ctx.jobs.runsWorkers).toBe(true);
      const health = await app.inject({ method: 'GET', url: '/api/v1/health' });
      expect(health.statusCode, health.body).toBe(200);
      const projects = await app.inject({ method: 'GET', url: '/api/v1/projects/my' });
      expect(projects.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
