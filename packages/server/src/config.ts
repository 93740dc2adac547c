import { CLUSTER_MIN_ROWS, ROLLUP_MIN_ROWS } from '@tessera/analytics';
import { ASSISTANT, PYTHON_BASE_IMAGES } from '@tessera/shared';
import { z } from 'zod';

const optionalUrl = z
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));
const optional = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Every setting comes from the environment. */
export const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /**
   * The files every process shares (dataset segments, uploads, package files): platform/storage/. Default:
   * DATA_DIR. With several processes, one folder they all see (a shared volume on several machines).
   */
  STORAGE_DIR: optional,
  /**
   * An S3-compatible bucket instead of the folder: `s3://bucket` or `s3://bucket/prefix` (docs/operations.md,
   * "Object storage"). Credentials come from the standard AWS variables and chain.
   */
  STORAGE_URL: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const parsed = parseStorageUrl(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Another S3-compatible server than AWS (MinIO, Ceph, R2...): its address. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** 1: address the bucket in the path (`endpoint/bucket/key`), as most S3-compatible servers want. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** Each process's copies of stored files, read by DuckDB (default DATA_DIR/storage-cache), and their bound. */
  STORAGE_CACHE_DIR: optional,
  STORAGE_CACHE_GB: z.coerce.number().min(0.001).max(1_000_000).default(10),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /** Prefix of the keys Tessera writes in Redis (rate limits, cached card results), so several installs can share one. */
  REDIS_PREFIX: z.string().default('tessera:'),
  /** Card answers kept and shared (platform/resultCache.ts: in Redis with REDIS_URL, else in memory); off: never. */
  RESULT_CACHE: z.enum(['on', 'off']).default('on'),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Tessera <no-reply@tessera.local>'),
  PUBLIC_URL: optionalUrl,
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: optional,
  OIDC_CLIENT_SECRET: optional,
  ADMIN_EMAIL: z.string().default('admin@example.com'),
  ADMIN_PASSWORD: optional,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optional,
  /** The assistant's chat model (GPT4 mode) and image model (DALL·E mode), on the service at LLM_BASE_URL. */
  LLM_CHAT_MODEL: z.string().min(1).default(ASSISTANT.chatModel),
  LLM_IMAGE_MODEL: z.string().min(1).default(ASSISTANT.imageModel),
  /** How long the service may take to answer (or to send the next piece of a streamed answer) before a 502. */
  LLM_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(60),
  /** Requests a user may make to the assistant per minute (chat and images together). */
  LLM_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  PYTHON: z.string().default('python3'),
  /**
   * Where the packages' Python environments are built (one folder per content address, never changed once built):
   * default DATA_DIR/envs. Servers, or test runs, that share one folder build each environment once.
   */
  PYTHON_ENVS_DIR: optional,
  /**
   * Which proxies to trust for the client address (used by the per-address sign-in limit): unset trusts none,
   * so a client cannot choose its own address with X-Forwarded-For; set it to the proxy's address(es) or hop count.
   */
  TRUST_PROXY: optional,
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  /** How often an idle worker asks the queue for work (pg-boss allows 0.5 at least); a local enqueue wakes it at once. */
  JOBS_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** How often a process tells the database it still holds its unfinished jobs; 3 missed beats mean it is gone. */
  JOBS_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(300).default(10),
  /** On shutdown, how long running jobs get to finish after being told to stop, before they are failed. */
  JOBS_STOP_SECONDS: z.coerce.number().min(0).max(300).default(5),
  /**
   * Segments of at least this many rows get a clustered copy (rows ordered by the dataset's first date feature)
   * that chart and KPI cards read: see packages/analytics/src/clustered.ts. Tests lower it.
   */
  CLUSTER_MIN_ROWS: z.coerce.number().int().min(1).default(CLUSTER_MIN_ROWS),
  /**
   * Sources of at least this many rows answer aggregated chart and KPI cards from summaries (roll-ups): see
   * packages/analytics/src/rollup.ts. 'off': cards always read the source.
   */
  ROLLUP_MIN_ROWS: z
    .union([z.literal('off'), z.coerce.number().int().min(1)])
    .default(ROLLUP_MIN_ROWS)
    .transform((v) => (v === 'off' ? Number.POSITIVE_INFINITY : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Running Dash apps are served by their own HTTP server (never the web app's origin, which keeps the token in
   * browser storage), each app on an origin of its own (DASH_PUBLIC_URL). 0: a free port chosen at start.
   */
  DASH_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * How browsers reach a Dash app: a pattern with `{app}` as the first label of the host, one origin per app
   * (docs/security.md), e.g. `https://{app}.dash.example.com` (a wildcard DNS name and certificate) or
   * `http://{app}.localhost:3001`. https, or http on a `.localhost` name only: the session cookie is Secure.
   * Default: `http://{app}.localhost:<DASH_PORT>` (this machine only).
   */
  DASH_PUBLIC_URL: z
    .string()
    .regex(
      /^(https:\/\/\{app\}(\.[a-z0-9-]+)+|http:\/\/\{app\}(\.[a-z0-9-]+)*\.localhost)(:\d{1,5})?\/?$/i,
      'Write a pattern such as https://{app}.dash.example.com (or http://{app}.localhost:3001)',
    )
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Signs Dash access credentials; set the same value on every node (default: random per process). */
  DASH_SECRET: optional,
  /** A Dash app nobody opened for this long is stopped. */
  DASH_IDLE_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(15),
  /**
   * A public dashboard's page stays open this long at most (from the first of the pages asking together) for the
   * answers the server writes into it as they come (its dashboard and first cards, platform/pageAnswers.ts); the
   * web app runs meanwhile and draws each as it comes. Answers kept from an earlier page alike come at once. 0
   * writes none.
   */
  PAGE_ANSWERS_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /**
   * A data app's history (docs/data-apps.md): versions are kept this many days at least (older ones go when the
   * app is next changed); one person's changes of one kind on one object within this many seconds are one version.
   */
  DATA_APP_HISTORY_DAYS: z.coerce.number().int().min(365).max(36_500).default(365),
  DATA_APP_HISTORY_COALESCE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  /** A dashboard's image is rendered again this long after its last change (debounced). */
  PREVIEW_REFRESH_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /**
   * The base image the Add package dialog offers first. Unset: the newest Python this server has for which the
   * package index serves numpy, pandas and pyarrow (runner/indexBuilds.ts).
   */
  DEFAULT_PYTHON: z.enum(PYTHON_BASE_IMAGES).optional(),
  /** A model run's memory limit (MB); a run that needs more fails saying memory. */
  MODEL_RUN_MEMORY_MB: z.coerce.number().int().min(64).max(1_000_000).default(2048),
  /**
   * Fair shares (docs/security.md): how many model runs one worker process runs at once; how many runs of one
   * project run at once over all workers (keep it below the workers' total, so that one project's never-ending
   * runs leave room for the others); how many runs one project may have queued (the next is refused with 429).
   */
  MODEL_RUNS_PER_WORKER: z.coerce.number().int().min(1).max(64).default(2),
  MODEL_RUNS_PER_PROJECT: z.coerce.number().int().min(1).max(64).default(1),
  MODEL_QUEUED_RUNS_PER_PROJECT: z.coerce.number().int().min(1).max(100_000).default(50),
  /** A model run's wall-time limit (s); a run that takes longer is stopped and fails saying timeout. */
  MODEL_RUN_WALL_SECONDS: z.coerce.number().int().min(1).max(79_200).default(3600),
  /** What a run may write in its folder (MB); a run that writes more is stopped and fails saying disk. */
  MODEL_RUN_DISK_MB: z.coerce.number().int().min(1).max(10_000_000).default(1024),
  /**
   * Sandboxes kept between runs: after a run, a worker keeps at most this many sandboxes waiting for the next run
   * of the same project and package (Python up, the package's libraries imported; a fresh process per run:
   * runner/serving.ts), each stopped after MODEL_WARM_IDLE_MINUTES unused. 0: every run starts its own sandbox.
   * Each holds its libraries' memory (pandas: about 100 MB). Runs of more packages than this, taken in turn, start
   * cold.
   */
  MODEL_WARM_SANDBOXES: z.coerce.number().int().min(0).max(64).default(4),
  MODEL_WARM_IDLE_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(10),
  /** How often each worker queues a check of every alert (minutes); they are also checked when their data changes. */
  ALERTS_CHECK_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(15),
  /** How often a worker looks for scheduled runs that are due (ms). */
  SCHEDULER_POLL_MS: z.coerce.number().int().min(20).max(600_000).default(5000),
  /**
   * A due occurrence later than this (seconds) was missed (the server was down over it): of the missed ones only
   * the most recent runs, once (modules/triggers/scheduler.ts).
   */
  SCHEDULER_GRACE_SECONDS: z.coerce.number().min(0).max(86_400).default(60),
  /** A subscription's failed mail is tried again after this long, then about twice as long (docs/data-apps.md). */
  SUBSCRIPTION_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * For tests only: the scheduler's clock reads SCHEDULER_CLOCK_ORIGIN (an ISO instant) at the real time
   * SCHEDULER_CLOCK_ANCHOR_MS, running SCHEDULER_CLOCK_SCALE times faster. Unset: the real clock.
   */
  SCHEDULER_CLOCK_ORIGIN: optional,
  SCHEDULER_CLOCK_ANCHOR_MS: z.coerce.number().int().min(0).optional(),
  SCHEDULER_CLOCK_SCALE: z.coerce.number().min(0.001).max(100_000).default(1),
  /**
   * 1: at start, load the demo (an organization, a public project, datasets from the vega-datasets package, a
   * dashboard with every card type, a report, a public link); idempotent, it is made once.
   */
  DEMO: z.stringbool().default(false),
  /** Where the built web app is; unset in API-only tests. */
  WEB_DIST: optional,
});

export type Config = z.infer<typeof configSchema> & { publicUrl: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  return { ...c, publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '') };
}

/** Bucket names as S3 allows them: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_PART = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * STORAGE_URL (`s3://bucket` or `s3://bucket/prefix`) as a bucket and a prefix ending in `/` (or `''`); a string
 * saying what is wrong otherwise.
 */
export function parseStorageUrl(value: string): { bucket: string; prefix: string } | string {
  const match = /^s3:\/\/([^/]*)(?:\/(.*))?$/.exec(value);
  if (!match) return 'Write s3://bucket or s3://bucket/prefix (only S3-compatible storage is supported)';
  const [, bucket = '', rest = ''] = match;
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    return `"${bucket}" is not a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens`;
  const parts = rest.split('/').filter((part) => part !== '');
  if (parts.some((part) => !PREFIX_PART.test(part) || part === '.' || part === '..'))
    return 'The prefix after the bucket may hold letters, digits, ".", "_" and "-" between its "/" only';
  return { bucket, prefix: parts.length ? `${parts.join('/')}/` : '' };
}
