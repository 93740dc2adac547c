import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

export type Redis = ReturnType<typeof createClient>;

/**
 * The Redis client a process shares for what its processes must count and keep together (rate limits, the
 * card result cache); the live channel opens its own pair (realtime.ts). Keys start with REDIS_PREFIX.
 */
export async function openRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const client = createClient({ url });
  client.on('error', (err) => log.error({ err }, 'redis error'));
  await client.connect();
  return client;
}
