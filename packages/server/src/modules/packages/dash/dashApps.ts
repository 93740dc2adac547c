import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, AuthUser } from '../../../platform/context.ts';
import { badRequest, HttpError, handedText, notFound } from '../../../platform/errors.ts';
import { ensureEnvironment, interpreterFor, startDashApp } from '../../../runner/index.ts';
import { parseEnv } from '../env.ts';
import { envsDir } from '../packages.files.ts';
import { packageSourcesOf } from '../packages.sources.ts';
import type { PackageRow } from '../packages.store.ts';
import { DashCredentials, TICKET_MS } from './credentials.ts';
import { DashOrigins, dashAppId } from './dashOrigins.ts';
import { dashRequestHandler, type RunningDashApp } from './dashServer.ts';
import { MemoryUsedTickets, RedisUsedTickets } from './usedTickets.ts';

interface Running extends RunningDashApp {
  revision: number;
  stop(): Promise<void>;
}

/**
 * Dash apps of packages (docs/dash-apps.md): each runs in the sandbox on a Unix socket; this process serves
 * them with a separate HTTP server (DASH_PORT), each app on an origin of its own (dashOrigins.ts), never the web
 * app's, behind a single-use ticket exchanged for a host-only cookie, both re-checked on every request against
 * the member's sign-in and package view (dashServer.ts, docs/security.md). An app nobody used for
 * DASH_IDLE_MINUTES stops (the runner's idle stop; each proxied request touches it).
 */
export class DashApps {
  /** By app id (dashAppId). */
  private readonly running = new Map<string, Running>();
  private readonly starting = new Map<string, Promise<Running>>();
  private readonly credentials: DashCredentials;
  private server?: http.Server;
  private origins?: DashOrigins;
  private socketDir?: string;

  constructor(
    private readonly deps: Pick<AppContext, 'config' | 'db' | 'redis' | 'storage' | 'frameOrigins'> & {
      log: FastifyBaseLogger;
    },
  ) {
    this.credentials = new DashCredentials(deps.config.DASH_SECRET);
  }

  /** When the app is ready (not on a worker): the Dash server listens, and the web app may frame its origin. */
  async listen(): Promise<void> {
    const { config, db, redis } = this.deps;
    if (config.ROLE === 'worker') return;
    this.socketDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-dash-'));
    const server = http.createServer();
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.DASH_PORT, config.HOST, () => resolve());
    });
    const origins = new DashOrigins(config.DASH_PUBLIC_URL, this.port);
    this.origins = origins;
    const handle = dashRequestHandler({
      db,
      origins,
      credentials: this.credentials,
      usedTickets: redis ? new RedisUsedTickets(redis, config.REDIS_PREFIX) : new MemoryUsedTickets(),
      find: (appId) => this.running.get(appId),
      webOrigin: new URL(config.publicUrl).origin,
      log: this.deps.log,
    });
    server.on('request', (req, res) => void handle(req, res));
    this.deps.frameOrigins.push(origins.frameSource());
  }

  /** When the app closes: every running app stops, then the server. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.running.values()].map((r) => r.stop()));
    this.running.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server?.closeAllConnections();
    if (this.socketDir) await rm(this.socketDir, { recursive: true, force: true });
  }

  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  /**
   * Starts the app (or finds it running on the package's current revision) and answers its origin's url with a
   * single-use ticket for the caller's sign-in.
   */
  async start(auth: AuthUser, pkg: PackageRow, appName: string) {
    const origins = this.origins;
    if (!origins) throw new HttpError('conflict', 'package.dashStartFailed');
    const declared = pkg.dashApps.find((d) => d.name === appName);
    if (!declared) throw notFound('package.dashAppNotFound');
    if (pkg.status !== 'built') throw new HttpError('conflict', 'package.dashNotBuilt');
    const key = dashAppId(pkg.id, appName);
    let running = this.running.get(key);
    if (running && running.revision !== pkg.revision) {
      this.running.delete(key);
      await running.stop();
      running = undefined;
    }
    if (!running) {
      let pending = this.starting.get(key);
      if (!pending) {
        pending = this.launch(pkg, declared).finally(() => this.starting.delete(key));
        this.starting.set(key, pending);
      }
      running = await pending;
    }
    running.touch();
    const ticket = this.credentials.sign(
      {
        packageId: pkg.id,
        app: appName,
        userId: auth.user.id,
        tokenId: auth.tokenId,
        id: randomBytes(16).toString('base64url'),
        kind: 'ticket',
      },
      TICKET_MS,
    );
    return {
      dashPort: this.port,
      status: 'running' as const,
      url: `${origins.origin(key)}/?ticket=${encodeURIComponent(ticket)}`,
    };
  }

  private async launch(pkg: PackageRow, declared: { name: string; module: string; variable: string }) {
    const { config } = this.deps;
    try {
      const interpreter = await interpreterFor(pkg.baseImage);
      const env = await ensureEnvironment({
        interpreter,
        requirements: pkg.dependencies,
        envsDir: envsDir(config),
        log: () => {},
        signal: AbortSignal.timeout(10 * 60_000),
      });
      const socketDir = await mkdtemp(path.join(this.socketDir!, 'a'));
      const started = await startDashApp({
        interpreter,
        envPath: env.envPath,
        packageDir: await packageSourcesOf(this.deps).revisionFolder(pkg.id, pkg.revision),
        module: declared.module,
        variable: declared.variable,
        socketDir,
        basePath: '/',
        env: parseEnv(pkg.env).vars,
        idleMinutes: config.DASH_IDLE_MINUTES,
      });
      const key = dashAppId(pkg.id, declared.name);
      const running: Running = {
        appId: key,
        packageId: pkg.id,
        projectId: pkg.projectId,
        app: declared.name,
        revision: pkg.revision,
        createConnection: () => started.createConnection(),
        stop: () => started.stop(),
        touch: () => started.touch(),
      };
      this.running.set(key, running);
      // Stopped (idle, crash or stop()): forgotten, its folder removed.
      void started.exited.finally(async () => {
        if (this.running.get(key) === running) this.running.delete(key);
        await rm(socketDir, { recursive: true, force: true });
      });
      return running;
    } catch (error) {
      this.deps.log.warn({ err: error, packageId: pkg.id, app: declared.name }, 'dash app did not start');
      throw badRequest(error instanceof Error && error.message ? handedText(error.message) : 'package.dashStartFailed');
    }
  }

  async stopPackage(packageId: string): Promise<void> {
    for (const [key, r] of this.running) {
      if (r.packageId !== packageId) continue;
      this.running.delete(key);
      await r.stop();
    }
  }
}
