import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { closeEngine, configureEngine } from '@tessera/analytics';
import { JSON_BODY_LIMIT_BYTES } from '@tessera/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { installAccessControl } from './platform/access.ts';
import { ensureRootUser } from './platform/bootstrap.ts';
import { installErrorHandler, installNotFound } from './platform/errors.ts';
import { installJobs } from './platform/jobs/index.ts';
import { loggerOptions } from './platform/logging.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { openResourceCache } from './platform/projectAccess.ts';
import { installRealtime } from './platform/realtime.ts';
import { openTokenCache } from './platform/tokenCache.ts';
import { serveWebApp } from './platform/web.ts';
import './platform/context.ts';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from the config. */
  database?: Database;
  mailer?: Mailer;
  /** Where the JSON log lines go (default stdout); the tests capture them to check no secret is logged. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole app: used by main.ts and by every test (through `inject`). */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const database =
    opts.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: `${config.DATA_DIR}/db`,
      onIdleError: (err) => app.log.warn({ err }, 'an idle database connection was closed'),
    }));
  const mailer =
    opts.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log: app.log });
  // Jobs start when the app is ready and stop first when it closes (before the live channel and the database).
  const jobs = installJobs(app, config, database);
  const tokens = await openTokenCache(database);
  const resources = await openResourceCache(database);
  app.decorate('ctx', { config, database, db: database.db, mailer, jobs, tokens, resources, frameOrigins: [] });
  app.addHook('onClose', async () => {
    await tokens.close();
    await resources.close();
  });
  if (!opts.database) app.addHook('onClose', async () => database.close());
  // DuckDB (datasets' Parquet segments under DATA_DIR/datasets) starts on first use and closes with the app.
  configureEngine({ dataDir: config.DATA_DIR });
  app.addHook('onClose', async () => closeEngine());
  // The live channel shares the API's HTTP server; it closes (sockets, Redis clients) with the app.
  await installRealtime(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine and ECharts set inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Image KPI cards and markdown cards show images their authors link to, over https only.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Other origins the app frames (a package's Dash app, served on its own origin), known once they listen.
        frameSrc: ["'self'", 'blob:', () => app.ctx.frameOrigins.join(' ')],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The sign-in popup travels through the identity provider and back; it reports to the app over a
    // BroadcastChannel, so the opener relation is not needed, but a strict COOP would also close it early.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 10_000, parts: 30 } });

  installAccessControl(app);

  await app.register(healthRoutes);
  await app.register(registerModules);

  installNotFound(app, await serveWebApp(app, config.WEB_DIST));
  await ensureRootUser(database.db, config, app.log);
  return app;
}

/** TRUST_PROXY: unset → trust no proxy; 'true' → any; a hop count; or a comma-separated list of addresses. */
function trustProxySetting(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  if (!value) return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** Each domain module registers its routes here. */
async function registerModules(app: FastifyInstance) {
  const modules = await import('./modules/index.ts');
  for (const register of modules.default) await app.register(register);
}
