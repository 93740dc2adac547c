import path from 'node:path';
import multipart from '@fastify/multipart';
import { closeEngine, configureEngine } from '@tessera/analytics';
import { JSON_BODY_LIMIT_BYTES } from '@tessera/shared';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { alertsModule } from './modules/alerts/index.ts';
import { assistantFiles, assistantModule } from './modules/assistant/index.ts';
import { authModule } from './modules/auth/index.ts';
import { collectionsModule } from './modules/collections/index.ts';
import {
  cardsOfDataset,
  dashboardAssetKind,
  dashboardPreviewFiles,
  dashboardsModule,
} from './modules/dashboards/index.ts';
import { datasetAssetKind, datasetFiles, datasetsModule } from './modules/datasets/index.ts';
import { errorsModule } from './modules/errors/index.ts';
import { formAssetKind, formsModule } from './modules/forms/index.ts';
import { healthModule } from './modules/health/index.ts';
import { logsModule } from './modules/logs/index.ts';
import { modelAssetKind, modelsModule, modelsOfDataset, modelsOfPackage } from './modules/models/index.ts';
import { organizationsModule } from './modules/organizations/index.ts';
import { packageAssetKind, packageFiles, packagesModule } from './modules/packages/index.ts';
import { permissionsModule } from './modules/permissions/index.ts';
import { type AssetKind, projectsModule } from './modules/projects/index.ts';
import { ssoModule } from './modules/sso/index.ts';
import { subscriptionsModule } from './modules/subscriptions/index.ts';
import { triggersModule } from './modules/triggers/index.ts';
import { usersModule } from './modules/users/index.ts';
import { installAccessControl } from './platform/access.ts';
import { ensureRootUser } from './platform/bootstrap.ts';
import { MemoryWindowCounters, RedisWindowCounters } from './platform/counters.ts';
import { installErrorHandler, installNotFound } from './platform/errors.ts';
import { installJobs } from './platform/jobs/index.ts';
import { loggerOptions, logRequestsForPeople } from './platform/logging.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import type { ServerModule } from './platform/module.ts';
import { MAX_PAGE_ANSWER_BYTES, MAX_PAGES_ANSWERED_AT_ONCE, pageAnswerer } from './platform/pageAnswers.ts';
import { gatherFactReaders, gatherResourceResolvers, openResourceCache } from './platform/projectAccess.ts';
import { installRealtime } from './platform/realtime.ts';
import { openRedis } from './platform/redis.ts';
import { MemoryResultCache, NoResultCache, RedisResultCache, type ResultCache } from './platform/resultCache.ts';
import { openStorage } from './platform/storage/index.ts';
import { openTokenCache } from './platform/tokenCache.ts';
import { contractValidator } from './platform/validation.ts';
import { serveWebApp } from './platform/web.ts';
import './platform/context.ts';

export interface BuildOptions {
  config: Config;
  /** An open database; when absent one is opened from the config. */
  database?: Database;
  mailer?: Mailer;
  /** Where the JSON log lines go (default stdout); the tests capture them to check no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /** Log lines for people (pino-pretty, one per request) rather than JSON: main.ts when stdout is a terminal. */
  prettyLog?: boolean;
  /** Asset kinds besides the modules' (tests add kinds of their own to Transfer Assets). */
  extraAssetKinds?: readonly AssetKind[];
}

/**
 * Every domain module, in route registration order, wired together. Dependencies between modules go one way
 * (the "uses" column: through the other module's index.ts only; checks/boundaries.test.ts enforces it). Where a
 * lower module needs what higher ones have, it declares an extension point and this function fills it.
 *
 * | module        | provides (its ServerModule)                         | uses                          |
 * | ------------- | --------------------------------------------------- | ----------------------------- |
 * | health        | routes                                              | —                             |
 * | auth          | routes; tokens, passwords, login events, accounts   | —                             |
 * | users         | routes                                              | auth, organizations           |
 * | organizations | routes                                              | projects                      |
 * | logs          | routes                                              | auth, organizations, users    |
 * | errors        | routes                                              | —                             |
 * | sso           | routes                                              | auth                          |
 * | projects      | routes; extension points: asset kinds, files        | —                             |
 * | permissions   | routes; resources: permission                       | projects                      |
 * | dashboards    | routes, jobs; resources: dashboard, tab, unit,      | datasets; projects' extension |
 * |               | filter; an asset kind, project files                | points                        |
 * | datasets      | routes, jobs; resources: dataset, feature; an asset | collections; projects'        |
 * |               | kind, project files                                 | extension points              |
 * | collections   | routes; resources: collection                       | —                             |
 * | packages      | routes, jobs; resources: package, algorithm; an     | runner; projects' extension   |
 * |               | asset kind, project files                           | points                        |
 * | models        | routes, jobs; resources: model, modelRun; facts:    | packages, datasets,           |
 * |               | model:run; fills packages' model uses               | dashboards                    |
 * | triggers      | routes, a scheduler on workers; resources: trigger, | models                        |
 * |               | triggerScope                                        |                               |
 * | subscriptions | routes, a scheduler and a send task on workers;     | dashboards, triggers          |
 * |               | resources: subscription                             |                               |
 * | alerts        | routes, checks on workers; resources: alert         | dashboards                    |
 * | forms         | routes, jobs; resources: form; an asset kind        | datasets; projects' extension |
 * |               |                                                     | points                        |
 * | assistant     | routes; project files                               | dashboards, datasets;         |
 * |               |                                                     | projects' extension points    |
 */
export function serverModules(options: { extraAssetKinds?: readonly AssetKind[] } = {}): ServerModule[] {
  return [
    healthModule,
    authModule,
    usersModule,
    organizationsModule,
    logsModule,
    errorsModule,
    ssoModule,
    projectsModule({
      assetKinds: [
        datasetAssetKind,
        dashboardAssetKind,
        packageAssetKind,
        modelAssetKind,
        formAssetKind,
        ...(options.extraAssetKinds ?? []),
      ],
      projectFiles: [datasetFiles, dashboardPreviewFiles, packageFiles, assistantFiles],
    }),
    permissionsModule,
    dashboardsModule,
    datasetsModule({ uses: { cards: cardsOfDataset, models: modelsOfDataset } }),
    collectionsModule,
    packagesModule({ modelUses: modelsOfPackage }),
    modelsModule,
    triggersModule,
    subscriptionsModule,
    alertsModule,
    formsModule,
    assistantModule,
  ];
}

/**
 * Builds the whole app (the API, and on ROLE all the job workers): used by main.ts and by every test (through
 * `inject`). Every module's jobs are defined (an API process enqueues them), then its routes registered.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const app = await buildPlatform(opts);
  const modules = serverModules(opts);
  installAccessControl(
    app,
    gatherResourceResolvers(modules.map((m) => m.resources)),
    gatherFactReaders(modules.map((m) => m.facts)),
  );
  for (const module of modules) module.jobs?.(app);
  for (const module of modules) if (module.routes) await app.register(module.routes);
  const answerer = pageAnswerer(
    app,
    modules.flatMap((module) => (module.pageAnswers ? [module.pageAnswers] : [])),
    { budgetMs: opts.config.PAGE_ANSWERS_MS, maxBytes: MAX_PAGE_ANSWER_BYTES, maxPages: MAX_PAGES_ANSWERED_AT_ONCE },
  );
  installNotFound(app, await serveWebApp(app, opts.config.WEB_DIST, answerer));
  await ensureRootUser(app.ctx.db, opts.config, app.log);
  return app;
}

/**
 * Builds a worker (ROLE=worker, main.ts): the platform and every module's job handlers, background tasks and
 * start-up housekeeping, without the modules' routes or the web app; it answers `GET /health` only.
 */
export async function buildWorker(opts: BuildOptions): Promise<FastifyInstance> {
  const app = await buildPlatform(opts);
  installAccessControl(app, gatherResourceResolvers([]));
  for (const module of serverModules(opts)) module.jobs?.(app);
  await app.register(healthModule.routes!);
  installNotFound(app, undefined);
  await ensureRootUser(app.ctx.db, opts.config, app.log);
  return app;
}

/** What every process has: the database, mail, jobs, caches, DuckDB, the live channel, HTTP hardening. */
async function buildPlatform(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, opts.logStream, opts.prettyLog),
    // For people: no 'incoming request' / 'request completed' pair, logRequestsForPeople writes one line instead.
    ...(opts.prettyLog ? { logController: new LogController({ disableRequestLogging: true }) } : {}),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
  });
  if (opts.prettyLog) logRequestsForPeople(app);
  app.setValidatorCompiler(contractValidator);
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
  const storage = await openStorage(config, (fields, message) => app.log.info(fields, message));
  app.addHook('onClose', async () => storage.close());
  const redis = config.REDIS_URL ? await openRedis(config.REDIS_URL, app.log) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.close()));
  const counters = redis ? new RedisWindowCounters(redis, config.REDIS_PREFIX) : new MemoryWindowCounters();
  const results: ResultCache =
    config.RESULT_CACHE === 'off'
      ? new NoResultCache()
      : redis
        ? new RedisResultCache(redis, config.REDIS_PREFIX)
        : new MemoryResultCache();
  app.addHook('onClose', async () => results.close?.());
  app.decorate('ctx', {
    config,
    database,
    db: database.db,
    mailer,
    storage,
    redis,
    counters,
    results,
    jobs,
    tokens,
    resources,
    frameOrigins: [],
  });
  app.addHook('onClose', async () => {
    await tokens.close();
    await resources.close();
  });
  if (!opts.database) app.addHook('onClose', async () => database.close());
  // DuckDB (datasets' Parquet segments in the storage's datasets/) starts on first use and closes with the app;
  // it spills to this process's DATA_DIR.
  configureEngine({
    dataDir: storage.root,
    tempDir: path.join(config.DATA_DIR, 'tmp', 'duckdb'),
    rollupMinRows: config.ROLLUP_MIN_ROWS,
  });
  app.addHook('onClose', async () => closeEngine());
  // Which process answered (its pid): behind the cluster's proxy (scripts/cluster.mjs) consecutive requests land
  // on different processes, which the cluster journeys and the load bench check with it.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-tessera-process', String(process.pid));
  });
  // The live channel shares the API's HTTP server; it closes (sockets, Redis clients) with the app.
  await installRealtime(app);

  // The security headers, helmet's middleware built once (@fastify/helmet builds it again for every request,
  // parsing the policy each time: ~5 % of a kept public card's CPU in bench/load/hot.ts).
  const securityHeaders = helmet({
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
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(multipart, { limits: { files: 1, fields: 20, fieldSize: 10_000, parts: 30 } });
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
