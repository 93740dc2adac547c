import { LRUCache } from 'lru-cache';
import { HttpError } from '../../platform/errors.ts';

/**
 * Requests per user per minute, in this process (a sliding window of their request times). With several API
 * processes each keeps its own count: a user gets at most that many times the limit.
 */
export class RateLimit {
  private readonly times = new LRUCache<string, number[]>({ max: 50_000, ttl: 60_000 });
  constructor(private readonly perMinute: number) {}

  /** Counts a request of this user, or refuses it (429) when they are over the limit. */
  take(userId: string, now = Date.now()): void {
    const recent = (this.times.get(userId) ?? []).filter((t) => t > now - 60_000);
    if (recent.length >= this.perMinute) {
      throw new HttpError('rate-limited', 'Too many requests to the assistant: please wait a minute');
    }
    recent.push(now);
    this.times.set(userId, recent);
  }
}
