import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PACKAGE_ERRORS, PACKAGE_MESSAGES } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest, HttpError, notFound } from '../../../platform/errors.ts';
import { ensureEnvironment, interpreterFor, startDashApp } from '../../../runner/index.ts';
import { parseEnv } from '../env.ts';
import { envsDir, revisionDir } from '../packages.files.ts';
import type { PackageRow } from '../packages.store.ts';
import { DashCredentials, SESSION_MS, TICKET_MS } from './credentials.ts';

interface Running {
  packageId: string;
  app: string;
  revision: number;
  socketPath: string;
  /** A connection to the app's own socket (refused if the app swapped it for a link elsewhere). */
  createConnection(): Socket;
  stop(): Promise<void>;
  /** Postpones the idle stop. */
  touch(): void;
}

const COOKIE = 'tessera_dash';
export const dashBasePath = (packageId: string, app: string) => `/dash/${packageId}/${encodeURIComponent(app)}/`;
const PATH = /^\/dash\/([0-9a-f]{24})\/([^/?]+)\//;

/**
 * Dash apps of packages (spec 3 "Dash apps"): each runs in the sandbox on a Unix socket; this process serves
 * them on a separate origin (DASH_PORT), never the web app's, behind a signed credential issued to a member
 * with package view (a one-minute ticket in the url, exchanged for a one-hour cookie scoped to the app's path).
 * An app nobody used for DASH_IDLE_MINUTES stops (the runner's idle stop; each proxied request touches it).
 */
export class DashApps {
  private readonly running = new Map<string, Running>();
  private readonly starting = new Map<string, Promise<Running>>();
  private readonly credentials: DashCredentials;
  private server?: http.Server;
  private socketDir?: string;

  constructor(private readonly app: FastifyInstance) {
    this.credentials = new DashCredentials(app.ctx.config.DASH_SECRET);
  }

  install(): void {
    this.app.addHook('onReady', async () => {
      if (this.app.ctx.config.ROLE === 'worker') return;
      this.socketDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-dash-'));
      this.server = http.createServer((req, res) => void this.serve(req, res));
      await new Promise<void>((resolve, reject) => {
        this.server!.once('error', reject);
        this.server!.listen(this.app.ctx.config.DASH_PORT, this.app.ctx.config.HOST, () => resolve());
      });
      this.app.ctx.frameOrigins.push(this.origin());
    });
    this.app.addHook('onClose', async () => {
      await Promise.allSettled([...this.running.values()].map((r) => r.stop()));
      this.running.clear();
      await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
      this.server?.closeAllConnections();
      if (this.socketDir) await rm(this.socketDir, { recursive: true, force: true });
    });
  }

  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0;
  }

  private origin(): string {
    const { config } = this.app.ctx;
    if (config.DASH_PUBLIC_URL) return config.DASH_PUBLIC_URL.replace(/\/$/, '');
    const url = new URL(config.publicUrl);
    url.port = String(this.port);
    return url.origin;
  }

  /** Starts the app (or finds it running on the package's current revision) and answers a url with a ticket. */
  async start(userId: string, pkg: PackageRow, appName: string) {
    if (!this.server) throw new HttpError('conflict', PACKAGE_MESSAGES.dashStartFailed);
    const declared = pkg.dashApps.find((d) => d.name === appName);
    if (!declared) throw notFound(PACKAGE_ERRORS.dashAppNotFound);
    if (pkg.status !== 'built') throw new HttpError('conflict', PACKAGE_ERRORS.dashNotBuilt);
    const key = `${pkg.id}/${appName}`;
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
    const ticket = this.credentials.sign({ packageId: pkg.id, app: appName, userId, kind: 'ticket' }, TICKET_MS);
    return {
      dashPort: this.port,
      status: 'running' as const,
      url: `${this.origin()}${dashBasePath(pkg.id, appName)}?ticket=${encodeURIComponent(ticket)}`,
    };
  }

  private async launch(pkg: PackageRow, declared: { name: string; module: string; variable: string }) {
    const { config } = this.app.ctx;
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
        packageDir: revisionDir(config.DATA_DIR, pkg.id, pkg.revision),
        module: declared.module,
        variable: declared.variable,
        socketDir,
        basePath: dashBasePath(pkg.id, declared.name),
        env: parseEnv(pkg.env).vars,
        idleMinutes: config.DASH_IDLE_MINUTES,
      });
      const key = `${pkg.id}/${declared.name}`;
      const running: Running = {
        packageId: pkg.id,
        app: declared.name,
        revision: pkg.revision,
        socketPath: started.socketPath,
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
      this.app.log.warn({ err: error, packageId: pkg.id, app: declared.name }, 'dash app did not start');
      throw badRequest(error instanceof Error && error.message ? error.message : PACKAGE_MESSAGES.dashStartFailed);
    }
  }

  async stopPackage(packageId: string): Promise<void> {
    for (const [key, r] of this.running) {
      if (r.packageId !== packageId) continue;
      this.running.delete(key);
      await r.stop();
    }
  }

  /** The Dash origin: credential check, then a plain proxy to the app's Unix socket. */
  private async serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const match = PATH.exec(req.url ?? '');
    const deny = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end(text);
    };
    if (!match) return deny(404, 'Not found');
    const packageId = match[1];
    const appName = decodeURIComponent(match[2]);
    const url = new URL(req.url ?? '/', 'http://dash.local');
    const ticket = url.searchParams.get('ticket') ?? undefined;
    const base = dashBasePath(packageId, appName);
    if (ticket) {
      const grant = this.credentials.verify(ticket, { packageId, app: appName, kind: 'ticket' });
      if (!grant) return deny(401, 'This link has expired: open the Dash app again from its package page.');
      const session = this.credentials.sign(
        { packageId, app: appName, userId: grant.userId, kind: 'session' },
        SESSION_MS,
      );
      const secure = url.protocol === 'https:' || (this.app.ctx.config.DASH_PUBLIC_URL ?? '').startsWith('https:');
      url.searchParams.delete('ticket');
      res.writeHead(302, {
        location: `${url.pathname}${url.search}`,
        'set-cookie': `${COOKIE}=${session}; Path=${base}; HttpOnly; Max-Age=${SESSION_MS / 1000}; SameSite=${secure ? 'None; Secure' : 'Lax'}`,
        'cache-control': 'no-store',
      });
      return res.end();
    }
    const cookie = readCookie(req.headers.cookie, COOKIE);
    if (!this.credentials.verify(cookie, { packageId, app: appName, kind: 'session' })) {
      return deny(401, 'Open this Dash app from its package page.');
    }
    const running = this.running.get(`${packageId}/${appName}`);
    if (!running) return deny(404, 'This Dash app is not running: start it again from its package page.');
    running.touch();
    const { cookie: _dropped, ...headers } = req.headers;
    // Through the runner's checked connection, never the socket path itself: the sandboxed app could replace its
    // socket with a link to another socket of the host (PostgreSQL's, say).
    const upstream = http.request(
      { createConnection: () => running.createConnection(), path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => (res.headersSent ? res.destroy() : deny(502, 'The Dash app did not answer')));
    req.pipe(upstream);
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
