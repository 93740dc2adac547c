/**
 * Run by recovery.test.ts in a child process, which it then kills (SIGKILL: no shutdown of any kind): an app
 * (DATA_DIR's PGlite, or DATABASE_URL) with a worker running a job that never ends and an upload job held.
 * Prints `{"running": id, "held": id}` once the job is active.
 */
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { MemoryMailer, ROOT } from '../../test/harness.ts';
import { FAST_JOBS, waitFor, workers } from './jobs.fixtures.ts';

const projectId = process.env.PROJECT_ID;
if (!projectId) throw new Error('PROJECT_ID is required');
const config = loadConfig({
  DATA_DIR: process.env.DATA_DIR,
  DATABASE_URL: process.env.DATABASE_URL,
  ADMIN_EMAIL: ROOT.email,
  ADMIN_PASSWORD: ROOT.password,
  LOG_LEVEL: 'silent',
  ...FAST_JOBS,
});
const app = await buildApp({ config, mailer: new MemoryMailer() });
await app.ready();
const service = workers(app, app.ctx.database);
service.define('modelRun', () => new Promise<void>(() => {}));
await service.start();
const input = { projectId, type: 'modelRun' as const, ownerType: 'model' as const, ownerId: projectId, userId: null };
const running = await service.enqueue({ ...input, name: 'never ends', data: {} });
const held = await service.hold({ ...input, name: 'still uploading' });
await waitFor(
  () => service.get(running.id).then((row) => row.status),
  (status) => status === 'active',
);
process.stdout.write(`${JSON.stringify({ running: running.id, held: held.id })}\n`);
setInterval(() => {}, 60_000);
