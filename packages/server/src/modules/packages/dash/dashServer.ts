import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { type DashCredentials, SESSION_MS } from './credentials.ts';
import { dashSessionAllowed } from './dashAccess.ts';
import type { DashOrigins } from './dashOrigins.ts';
import { type DashText, dashText } from './dashTexts.ts';
import type { UsedTickets } from './usedTickets.ts';

/** A Dash app running in the sandbox, as the Dash server reaches it. */
export interface RunningDashApp {
  appId: string;
  packageId: string;
  projectId: string;
  app: string;
  /** A connection to the app's own socket (refused if the app swapped it for a link elsewhere). */
  createConnection(): Socket;
  /** Postpones the idle stop. */
  touch(): void;
}

export interface DashServerDeps {
  db: Db;
  origins: DashOrigins;
  credentials: DashCredentials;
  usedTickets: UsedTickets;
  /** The running app of this id, if any. */
  find(appId: string): RunningDashApp | undefined;
  /** The web app's origin: the only page that may frame an app. */
  webOrigin: string;
  log: FastifyBaseLogger;
}

/**
 * A `__Host-` cookie is host-only (no Domain), on `/`, and Secure: app X's cookie is never sent to app Y's origin.
 * The web app frames the app from another site, where a browser sends only a Partitioned cookie (one kept for
 * that top-level site): a page of any other site gets no session (docs/security.md).
 */
export const DASH_COOKIE = '__Host-tessera_dash';
const COOKIE_ATTRIBUTES = 'Path=/; HttpOnly; Secure; SameSite=None; Partitioned';

/**
 * The Dash server's requests (docs/security.md), in order: the Host names a running app (one origin per app);
 * nothing but a navigation comes from another origin (fetch metadata); a ticket is exchanged once for a cookie of
 * that app; the cookie is that app's; its sign-in is live and its member still has package view. Then a plain
 * proxy to the app's Unix socket, without the cookie, with `frame-ancestors` the web app's origin only.
 */
export function dashRequestHandler(deps: DashServerDeps) {
  const { origins, credentials } = deps;
  const guarded = {
    'content-security-policy': `frame-ancestors ${deps.webOrigin}`,
    'cross-origin-resource-policy': 'same-origin',
  };
  const deny = (res: http.ServerResponse, status: number, text: DashText, extra: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...guarded,
      ...extra,
    });
    res.end(dashText(text, res.req.headers['accept-language']));
  };
  const forget = { 'set-cookie': `${DASH_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0` };

  return async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const appId = origins.appIdOfHost(req.headers.host);
    if (!appId) return deny(res, 404, 'notFound');
    const running = deps.find(appId);
    if (!running) return deny(res, 404, 'notRunning');
    if (fromAnotherOrigin(req)) return deny(res, 403, 'crossOrigin');
    const expect = { packageId: running.packageId, app: running.app };
    const url = new URL(req.url ?? '/', origins.origin(appId));
    const ticket = url.searchParams.get('ticket');
    try {
      if (ticket !== null) {
        const grant = credentials.verify(ticket, { ...expect, kind: 'ticket' });
        const fresh = grant?.id !== undefined && (await deps.usedTickets.claim(grant.id, grant.exp));
        if (!grant || !fresh || !(await dashSessionAllowed(deps.db, grant, running.projectId))) {
          return deny(res, 401, 'ticketRefused');
        }
        const { userId, tokenId } = grant;
        const session = credentials.sign({ ...expect, userId, tokenId, kind: 'session' }, SESSION_MS);
        url.searchParams.delete('ticket');
        res.writeHead(302, {
          location: `${url.pathname}${url.search}`,
          'set-cookie': `${DASH_COOKIE}=${session}; ${COOKIE_ATTRIBUTES}; Max-Age=${SESSION_MS / 1000}`,
          'cache-control': 'no-store',
          ...guarded,
        });
        return res.end();
      }
      const session = credentials.verify(readCookie(req.headers.cookie, DASH_COOKIE), { ...expect, kind: 'session' });
      if (!session) return deny(res, 401, 'signIn');
      if (!(await dashSessionAllowed(deps.db, session, running.projectId))) return deny(res, 401, 'signIn', forget);
    } catch (err) {
      deps.log.warn({ err, appId }, 'a Dash request could not be checked');
      return deny(res, 503, 'noAnswer');
    }
    running.touch();
    proxy(req, res, running, guarded, () => deny(res, 502, 'noAnswer'));
  };
}

/**
 * Fetch metadata: a request another origin's page makes (a fetch, an image, a form post) is refused before any
 * credential is read; only a navigation (the web app's frame, a link opened in a new tab) may come from elsewhere,
 * and frame-ancestors keeps any page but the web app's from framing it. Clients that send no metadata are
 * judged by their credential alone.
 */
function fromAnotherOrigin(req: http.IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === undefined || site === 'same-origin' || site === 'none') return false;
  const navigation = req.headers['sec-fetch-mode'] === 'navigate' && (req.method === 'GET' || req.method === 'HEAD');
  return !navigation;
}

function proxy(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  running: RunningDashApp,
  guarded: Record<string, string>,
  failed: () => void,
) {
  const { cookie: _dropped, ...headers } = req.headers;
  // Through the runner's checked connection, never the socket path itself: the sandboxed app could replace its
  // socket with a link to another socket of the host (PostgreSQL's, say).
  const upstream = http.request(
    { createConnection: () => running.createConnection(), path: req.url, method: req.method, headers },
    (answer) => {
      // The app's own policy, if any, still holds: policies listed with a comma are each enforced.
      const own = answer.headers['content-security-policy'];
      const policy = guarded['content-security-policy'];
      res.writeHead(answer.statusCode ?? 502, {
        ...answer.headers,
        ...guarded,
        'content-security-policy': own ? `${own}, ${policy}` : policy,
      });
      answer.pipe(res);
    },
  );
  upstream.on('error', () => (res.headersSent ? res.destroy() : failed()));
  req.pipe(upstream);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
