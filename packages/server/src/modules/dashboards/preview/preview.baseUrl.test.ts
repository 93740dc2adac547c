import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildWorker } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { freshDatabase, MemoryMailer, ROOT } from '../../../test/harness.ts';
import { renderDepsOf } from '../render.jobs.ts';

/**
 * Where the preview renderer's browser opens the dashboard: a process serving the web app opens its own address;
 * a worker (ROLE=worker, as in a cluster) listens for its health check only and opens the public URL, where the
 * API processes serve the pages (before, it opened its own address and every render failed).
 */
let database: Database;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

const PUBLIC_URL = 'http://tessera.example.com:8080';
const configFor = (ROLE: 'all' | 'worker') =>
  loadConfig({
    ROLE,
    PUBLIC_URL,
    DATA_DIR: mkdtempSync(`${tmpdir()}/tessera-preview-${ROLE}-`),
    ADMIN_EMAIL: ROOT.email,
    ADMIN_PASSWORD: ROOT.password,
    LOG_LEVEL: 'silent',
  });

describe('the preview page’s address', () => {
  it.each([
    ['a worker opens the public URL', 'worker', () => PUBLIC_URL],
    ['a process serving the web app opens its own address', 'all', (port: number) => `http://127.0.0.1:${port}`],
  ] as const)('%s', async (_name, role, expected) => {
    const build = role === 'worker' ? buildWorker : buildApp;
    const app = await build({ config: configFor(role), database, mailer: new MemoryMailer() });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      expect(renderDepsOf(app).pagesUrl()).toBe(expected(port));
    } finally {
      await app.close();
    }
  });
});
