import { createAdapter } from '@socket.io/redis-adapter';
import {
  isPubliclyVisible as isPublic,
  PROJECT_AREAS,
  PROJECT_NAMESPACE_PATTERN,
  type ProjectArea,
  type ProjectEventName,
  type ProjectEventPayload,
  type ProjectRoles,
  type ProjectServerToClient,
  projectEvents,
  projectIdOfNamespace,
  projectNamespace,
  REALTIME_PATH,
  type RealtimeError,
} from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { type ExtendedError, Server, type Socket } from 'socket.io';
import type { Db } from '../db/client.ts';
import { authenticate, findActiveTokenUser } from './access.ts';
import { effectiveProjectRoles } from './projectAccess.ts';
import { organizations, projects } from './tenancy.tables.ts';

/**
 * The live channel of each project (realtime): socket.io on the API's HTTP server, one dynamic
 * namespace per project, `/v1/projects/{projectId}`.
 *
 * Who hears what, by room:
 * - `members`: every signed-in socket whose user may open the project (a member, or an organization project
 *   manager); `area:{area}`: those whose role on that area is not hidden; `user:{id}`: one user's sockets.
 * - `public`: anonymous sockets, admitted only on a public project of an organization that shares publicly;
 *   they receive only the events emitted with `{ public: true }`.
 *
 * Rights change while a socket is open: every change of a permission, of a project's organization or
 * public flag re-checks the sockets concerned at once, and every socket is re-checked periodically (a
 * revoked token, a deactivated user or organization), so a socket never outlives the right that let it in.
 *
 * Several nodes: with REDIS_URL the Redis adapter links them. Events are not published through the
 * namespace adapters: a namespace exists on a node only while one of its clients is connected there, and
 * creating one on every emitting node (workers included) would subscribe it to Redis channels for nothing.
 * Each node delivers to its own sockets and relays the event to the others with a server-side emit.
 */

export const REVALIDATE_INTERVAL_MS = 60_000;
const MEMBERS = 'members';
const PUBLIC = 'public';
const userRoom = (userId: string) => `user:${userId}`;
const areaRoom = (area: ProjectArea) => `area:${area}`;

interface ServerSideEvents {
  'project:emit': (projectId: string, rooms: string[], event: string, payload: unknown) => void;
  'project:revalidate': (projectId: string | null, userId: string | null) => void;
}
/** What a socket carries: the token's id (never the token itself: socket data travels between nodes). */
interface SocketData {
  projectId: string;
  userId: string | null;
  tokenId: string | null;
}
type ProjectSocket = Socket<Record<string, never>, ProjectServerToClient, ServerSideEvents, SocketData>;
type ProjectServer = Server<Record<string, never>, ProjectServerToClient, ServerSideEvents, SocketData>;

export interface EmitOptions {
  /** Also send to anonymous viewers of the public project (public dashboards). */
  public?: boolean;
  /**
   * Only to members whose role on this area (or on any of these areas) is not hidden (a dataset's job is not a
   * View Dashboards member's business); a member in several of the rooms gets the event once.
   */
  area?: ProjectArea | readonly ProjectArea[];
  /** Only to this user's sockets on the project's channel (a notice meant for them alone, an alert's). */
  user?: string;
}

/** Hears an event this process emits (see `RealtimeGateway.onEmit`). */
export type EmitListener = (projectId: string, event: ProjectEventName, payload: unknown) => void;

const refusal = (code: RealtimeError): ExtendedError => Object.assign(new Error(code), { data: { code } });

export class RealtimeGateway {
  readonly io: ProjectServer;
  private readonly log: FastifyBaseLogger;
  private readonly db: Db;
  private redis?: { pub: ReturnType<typeof createClient>; sub: ReturnType<typeof createClient> };
  private sweep?: NodeJS.Timeout;
  private readonly listeners: EmitListener[] = [];

  constructor(private readonly app: FastifyInstance) {
    this.log = app.log.child({ component: 'realtime' });
    this.db = app.ctx.db;
    this.io = new Server(app.server, {
      path: REALTIME_PATH,
      serveClient: false,
      // A client only sends its handshake (with the token): nothing large is ever expected from it.
      maxHttpBufferSize: 16_000,
      cleanupEmptyChildNamespaces: true,
    });
    // Only project channels exist: the default namespace admits nobody.
    this.io.of('/').use((_socket, next) => next(refusal('not-found')));
    const projectsNsp = this.io.of(PROJECT_NAMESPACE_PATTERN);
    projectsNsp.use((socket, next) => {
      this.admit(socket).then(
        () => next(),
        (err: unknown) => {
          if (err instanceof Error && 'data' in err) return next(err as ExtendedError);
          this.log.error({ err }, 'realtime admission failed');
          next(refusal('internal'));
        },
      );
    });
  }

  async start(redisUrl: string | undefined): Promise<void> {
    if (redisUrl) {
      const pub = createClient({ url: redisUrl });
      const sub = pub.duplicate();
      pub.on('error', (err) => this.log.error({ err }, 'redis publisher error'));
      sub.on('error', (err) => this.log.error({ err }, 'redis subscriber error'));
      await Promise.all([pub.connect(), sub.connect()]);
      this.redis = { pub, sub };
      this.io.adapter(createAdapter(pub, sub));
      this.io.on('project:emit', (projectId, rooms, event, payload) => {
        if (Object.hasOwn(projectEvents, event)) this.emitLocal(projectId, rooms, event as ProjectEventName, payload);
      });
      this.io.on('project:revalidate', (projectId, userId) => {
        this.revalidateLocal(projectId, userId).catch((err) => this.log.error({ err }, 'realtime revalidation failed'));
      });
    }
    this.sweep = setInterval(() => {
      this.revalidateLocal(null, null).catch((err) => this.log.error({ err }, 'realtime sweep failed'));
    }, REVALIDATE_INTERVAL_MS);
    this.sweep.unref();
  }

  /** Sends an event to a project's live channel, on every node. */
  emit<E extends ProjectEventName>(
    projectId: string,
    event: E,
    payload: ProjectEventPayload<E>,
    options: EmitOptions = {},
  ): void {
    // Parsing strips any field outside the event's contract, as the HTTP response schemas do.
    const parsed = projectEvents[event].safeParse(payload);
    if (!parsed.success) {
      this.log.error({ event, issues: parsed.error.issues }, 'realtime event does not match its contract');
      return;
    }
    const areas = options.area === undefined ? [] : typeof options.area === 'string' ? [options.area] : options.area;
    const rooms = options.user
      ? [userRoom(options.user)]
      : [...(areas.length ? areas.map(areaRoom) : [MEMBERS]), ...(options.public ? [PUBLIC] : [])];
    this.emitLocal(projectId, rooms, event, parsed.data);
    if (this.redis) this.io.serverSideEmit('project:emit', projectId, rooms, event, parsed.data);
    for (const listener of this.listeners) {
      try {
        listener(projectId, event, parsed.data);
      } catch (err) {
        this.log.error({ err, event }, 'a listener of realtime events failed');
      }
    }
  }

  /**
   * Hears every event this process emits, once, where it is emitted (never the ones relayed from other nodes):
   * the one place a module reacts to what the others announce (the alerts module to `dataset:updated`, whichever
   * write path sent it). A listener must not throw nor block: it queues its work.
   */
  onEmit(listener: EmitListener): void {
    this.listeners.push(listener);
  }

  /**
   * Re-checks the sockets of a project (or of one user in it) against the database on every node: those that
   * lost their right are disconnected, the others get their area rooms updated. Resolves when this node is done.
   */
  async revalidate(projectId: string, userId?: string): Promise<void> {
    if (this.redis) this.io.serverSideEmit('project:revalidate', projectId, userId ?? null);
    await this.revalidateLocal(projectId, userId ?? null);
  }

  /** Before the HTTP server closes: open sockets would keep it from closing. Other nodes' sockets stay. */
  stop(): void {
    if (this.sweep) clearInterval(this.sweep);
    for (const nsp of this.io._nsps.values()) nsp.local.disconnectSockets(true);
    this.io.engine.close();
  }

  async closeConnections(): Promise<void> {
    if (!this.redis) return;
    const { pub, sub } = this.redis;
    this.redis = undefined;
    await Promise.allSettled([pub.close(), sub.close()]);
  }

  private emitLocal(projectId: string, rooms: string[], event: ProjectEventName, payload: unknown): void {
    const nsp = this.io._nsps.get(projectNamespace(projectId));
    // The payload was checked against its event's schema by the emitting node.
    if (nsp) nsp.local.to(rooms).emit(event, payload as never);
  }

  private async admit(socket: ProjectSocket): Promise<void> {
    const projectId = projectIdOfNamespace(socket.nsp.name);
    if (!projectId) throw refusal('not-found');
    const token: unknown = socket.handshake.auth?.token;
    if (token === undefined || token === null || token === '') {
      if (!(await isPubliclyVisible(this.db, projectId))) throw refusal('unauthorized');
      socket.data = { projectId, userId: null, tokenId: null };
      socket.join(PUBLIC);
      return;
    }
    if (typeof token !== 'string' || token.length > 200) throw refusal('unauthorized');
    const auth = await authenticate(this.app, token);
    if (!auth) throw refusal('unauthorized');
    const project = await effectiveProjectRoles(this.db, auth.user, projectId);
    if (!project) throw refusal('not-found');
    socket.data = { projectId, userId: auth.user.id, tokenId: auth.tokenId };
    socket.join([MEMBERS, userRoom(auth.user.id), ...visibleAreaRooms(project.roles)]);
  }

  private async revalidateLocal(projectId: string | null, userId: string | null): Promise<void> {
    const namespaces = projectId
      ? [this.io._nsps.get(projectNamespace(projectId))]
      : [...this.io._nsps.values()].filter((n) => PROJECT_NAMESPACE_PATTERN.test(n.name));
    for (const nsp of namespaces) {
      if (!nsp) continue;
      for (const socket of [...nsp.sockets.values()]) {
        if (userId && socket.data.userId !== userId) continue;
        // One at a time: a sweep over many sockets must not take every database connection at once.
        await this.revalidateSocket(socket);
      }
    }
  }

  private async revalidateSocket(socket: ProjectSocket): Promise<void> {
    const { projectId, tokenId } = socket.data;
    if (!tokenId) {
      if (!(await isPubliclyVisible(this.db, projectId))) socket.disconnect(true);
      return;
    }
    const user = (await findActiveTokenUser(this.db, { tokenId }))?.user;
    const project = user ? await effectiveProjectRoles(this.db, user, projectId) : undefined;
    if (!project) {
      socket.disconnect(true);
      return;
    }
    const wanted = new Set(visibleAreaRooms(project.roles));
    for (const area of PROJECT_AREAS) {
      const room = areaRoom(area);
      if (wanted.has(room) && !socket.rooms.has(room)) socket.join(room);
      if (!wanted.has(room) && socket.rooms.has(room)) socket.leave(room);
    }
  }
}

const visibleAreaRooms = (roles: ProjectRoles): string[] =>
  PROJECT_AREAS.filter((area) => roles[area] !== 'hidden').map(areaRoom);

/** Anonymous viewers are admitted only on a public project of an active organization that shares publicly. */
async function isPubliclyVisible(db: Db, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({
      projectPublic: projects.public,
      active: organizations.active,
      publicSharing: organizations.publicSharing,
    })
    .from(projects)
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(eq(projects.id, projectId));
  // The shared rule `dashboard:viewPublic`, the same the public dashboards answer by.
  return !!row && isPublic({ projectPublic: row.projectPublic, organization: row });
}

const gateways = new WeakMap<object, RealtimeGateway>();

/** Attaches the gateway to the app's HTTP server (called once by buildApp) and closes it with the app. */
export async function installRealtime(app: FastifyInstance): Promise<RealtimeGateway> {
  const gateway = new RealtimeGateway(app);
  gateways.set(app.server, gateway);
  app.addHook('preClose', async () => gateway.stop());
  app.addHook('onClose', async () => gateway.closeConnections());
  await gateway.start(app.ctx.config.REDIS_URL);
  return gateway;
}

/** The gateway of an app (any encapsulated instance of it: they share one HTTP server). */
export function realtimeOf(app: FastifyInstance): RealtimeGateway {
  const gateway = gateways.get(app.server);
  if (!gateway) throw new Error('the realtime gateway is not installed on this app');
  return gateway;
}

/** Sends a typed event to a project's live channel (see `EmitOptions` for who receives it). */
export function emitToProject<E extends ProjectEventName>(
  app: FastifyInstance,
  projectId: string,
  event: E,
  payload: ProjectEventPayload<E>,
  options: EmitOptions = {},
): void {
  realtimeOf(app).emit(projectId, event, payload, options);
}
