import type { WindowCounters } from '../../platform/counters.ts';
import { HttpError } from '../../platform/errors.ts';

/**
 * Requests per user per minute (a fixed window from their first request), counted where the processes share their
 * counts: in Redis with REDIS_URL, else in this process (platform/counters.ts).
 */
export class RateLimit {
  constructor(
    private readonly counters: WindowCounters,
    private readonly perMinute: number,
  ) {}

  /** Counts a request of this user, or refuses it (429) when they are over the limit. */
  async take(userId: string): Promise<void> {
    if (!(await this.counters.hit(`assistant:${userId}`, this.perMinute, 60_000))) {
      throw new HttpError('rate-limited', 'assistant.rateLimited');
    }
  }
}
