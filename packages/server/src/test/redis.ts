import pino from 'pino';
import { openRedis, type Redis } from '../platform/redis.ts';

/** The Redis the tests use when one runs here (`TEST_REDIS_URL`, default 127.0.0.1:6379). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A client of the tests' Redis, or undefined (with a warning naming what is skipped) when it does not answer in 2 s. */
export async function openTestRedis(skipping: string): Promise<Redis | undefined> {
  const redis = await Promise.race([
    openRedis(TEST_REDIS_URL, pino({ level: 'silent' })),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2000)),
  ]).catch(() => undefined);
  if (!redis) console.warn(`Skipping ${skipping}: Redis does not answer at ${TEST_REDIS_URL}`);
  return redis;
}
