import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const config = loadConfig({ WEB_DIST: path.resolve(here, '../../web/dist'), ...process.env });
const app = await buildApp({ config });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info(`Tessera is serving on ${config.publicUrl}`);
