import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp, buildWorker } from './app.ts';
import { loadConfig } from './config.ts';
import { loadDemo } from './demo/demo.ts';
import { DEMO } from './demo/demoContent.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig({ WEB_DIST: path.resolve(here, '../../web/dist'), ...process.env });
// Log lines for people on a terminal, JSON lines otherwise (a file, a pipe, a log collector).
const prettyLog = process.stdout.isTTY === true;
// A worker (ROLE=worker) runs the job handlers and background tasks without the API's routes or the web app.
const app = config.ROLE === 'worker' ? await buildWorker({ config, prettyLog }) : await buildApp({ config, prettyLog });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(
  config.ROLE === 'worker'
    ? `Tessera's worker is running (health on port ${config.PORT})`
    : `Tessera is serving on ${config.publicUrl}`,
);

if (config.DEMO && config.ROLE !== 'worker') {
  try {
    const demo = await loadDemo(app);
    app.log.info(
      demo.created.length
        ? `The demo is loaded (${demo.created.join(', ')})`
        : 'The demo was loaded before: nothing to add',
    );
    app.log.info(
      `Demo: sign in as ${config.ADMIN_EMAIL}, open the project "${DEMO.project}"; its public dashboard: ${demo.publicUrl}`,
    );
  } catch (err) {
    app.log.error({ err }, 'the demo could not be loaded');
  }
}
