import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { WindowCounters } from './counters.ts';
import type { Mailer } from './mail.ts';
import type { ResourceCache } from './projectAccess.ts';
import type { Redis } from './redis.ts';
import type { ResultCache } from './resultCache.ts';
import type { Storage } from './storage/index.ts';
import type { TokenCache } from './tokenCache.ts';

/** What every module needs, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Where the files every process shares live (segments, uploads, packages): platform/storage/. */
  storage: Storage;
  /** The process's Redis client when REDIS_URL is set (keys under REDIS_PREFIX): redis.ts. */
  redis?: Redis;
  /** Rate-limit counters: in Redis with REDIS_URL (shared by the processes), else in memory (counters.ts). */
  counters: WindowCounters;
  /** Computed answers shared by the API processes (card data): in Redis with REDIS_URL, else in memory. */
  results: ResultCache;
  /** Who each token is, kept between requests on PGlite (see tokenCache.ts). */
  tokens: TokenCache;
  /** Project rules' resource reads (a card with its place and the caller's access), kept on PGlite. */
  resources: ResourceCache;
  /** Origins the web app may frame besides its own (the Dash origin adds itself once it listens). */
  frameOrigins: string[];
}

/** The signed-in caller, resolved from the bearer token before any handler runs. */
export interface AuthUser {
  tokenId: string;
  user: {
    id: string;
    organizationId: string;
    email: string;
    first: string;
    last: string;
    roles: Record<string, boolean>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyContextConfig {
    access?: import('@tessera/shared').Access;
  }
}
