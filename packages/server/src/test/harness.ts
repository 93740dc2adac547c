import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import type { AssetKind } from '../modules/projects/index.ts';
import { createMailer, type Mail, type Mailer } from '../platform/mail.ts';
import { sharedEnvsDir } from '../runner/testing.ts';
import { pgliteTemplate } from './pgliteTemplate.ts';

/** Which database the API tests run on: PGlite, or PostgreSQL when TEST_DB=postgres and TEST_DATABASE_URL are set. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * A fresh, isolated database for one test file: PGlite in memory, or a new PostgreSQL database created
 * from TEST_DATABASE_URL and dropped afterwards.
 */
export async function freshDatabase(): Promise<Database> {
  if (testDbKind === 'pglite') return openDatabase({ pgliteDir: 'memory://', pgliteTemplate: await pgliteTemplate() });
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), pgliteDir: '' });
  const close = database.close;
  database.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: base });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return database;
}

/** Collects mail in memory for assertions (tests that need a real SMTP exchange start smtp-server instead). */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  /** @param deliver also hand each message to this mailer (a real one, for the tests that read it over SMTP) */
  constructor(private readonly deliver?: Mailer) {}
  async send(mail: Mail) {
    this.sent.push(mail);
    await this.deliver?.send(mail);
  }
  last(to?: string): Mail | undefined {
    return [...this.sent].reverse().find((m) => !to || m.to === to);
  }
}

export const ROOT = { email: 'root@example.com', password: 'Root-password-1' };

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  mailer: MemoryMailer;
  dataDir: string;
  /** The settings naming its shared storage (STORAGE_URL... of the bucket and prefix, or STORAGE_DIR): `buildNode`. */
  storageEnv: Record<string, string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Deliver mail through the mailer the config describes (SMTP_URL, else DATA_DIR/outbox) as the server does,
   * besides keeping a copy in `mailer.sent`.
   */
  deliverMail?: boolean;
  /** Capture the JSON log (set LOG_LEVEL in env too, the tests default to silent). */
  logStream?: NodeJS.WritableStream;
  /** Asset kinds of the test's own, besides the modules' (Transfer Assets' extension point). */
  assetKinds?: readonly AssetKind[];
}

/** What s3GlobalSetup.ts provides to the tests under 's3Storage'. */
export interface ProvidedS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * With TEST_STORAGE=s3, the settings of the local S3-compatible server the tests share (s3GlobalSetup.ts), under a
 * prefix of this app's own; otherwise none (the folder, DATA_DIR).
 */
export async function testObjectStorage(): Promise<Record<string, string>> {
  if (process.env.TEST_STORAGE !== 's3') return {};
  // Imported here: crash.fixture.ts takes this file's helpers in a process of its own, outside vitest.
  const { inject } = await import('vitest');
  const s3 = (inject as (key: string) => unknown)('s3Storage') as ProvidedS3 | undefined;
  if (!s3) return {};
  process.env.AWS_ACCESS_KEY_ID = s3.accessKeyId;
  process.env.AWS_SECRET_ACCESS_KEY = s3.secretAccessKey;
  return {
    STORAGE_URL: `s3://${s3.bucket}/app-${randomUUID()}`,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** Builds the real app on a fresh database; the root user is ROOT. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-'));
  const chosen = env.STORAGE_DIR || env.STORAGE_URL ? {} : await testObjectStorage();
  const config = loadConfig({ ...nodeSettings(dataDir), ...chosen, ...env });
  const mailer = new MemoryMailer(
    options.deliverMail
      ? createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir, log: pino({ level: 'silent' }) })
      : undefined,
  );
  const app = await buildApp({
    config,
    database,
    mailer,
    logStream: options.logStream,
    extraAssetKinds: options.assetKinds,
  });
  await app.ready();
  return {
    app,
    database,
    mailer,
    dataDir,
    storageEnv: storageSettingsOf({ ...chosen, ...env }, app.ctx.storage.root),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** What every test app's configuration holds besides its storage. */
function nodeSettings(dataDir: string): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ROOT.email,
    ADMIN_PASSWORD: ROOT.password,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://tessera.test',
    PYTHON_ENVS_DIR: sharedEnvsDir(),
  };
}

const STORAGE_SETTINGS = ['STORAGE_URL', 'S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'];

/** The settings of an app's shared storage: its bucket's, or its folder (STORAGE_DIR, else its DATA_DIR). */
function storageSettingsOf(env: Record<string, string>, root: string): Record<string, string> {
  if (!env.STORAGE_URL) return { STORAGE_DIR: root };
  return Object.fromEntries(STORAGE_SETTINGS.filter((name) => env[name]).map((name) => [name, env[name]!]));
}

/**
 * Another server process on a test app's database and shared storage (its bucket and prefix, or its folder), as
 * the nodes of a cluster are: with a DATA_DIR of its own (a new node: its own cache, laid-out packages, spill
 * folder) unless `dataDir` names one (the same node restarted). DuckDB is one engine per process, configured by
 * the app that starts it: close the test app first (a restart, or a node lost and another taking over).
 */
export async function buildNode(
  t: TestApp,
  env: Record<string, string> = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-test-node-')),
): Promise<FastifyInstance> {
  const config = loadConfig({ ...nodeSettings(dataDir), ...t.storageEnv, ...env });
  const app = await buildApp({ config, database: t.database });
  await app.ready();
  return app;
}

/** `inject` with a bearer token. */
export function as(app: FastifyInstance, token: string | undefined) {
  return (opts: InjectOptions) =>
    app.inject({
      ...opts,
      headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
}
