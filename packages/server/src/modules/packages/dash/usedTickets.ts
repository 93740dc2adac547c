import type { Redis } from '../../../platform/redis.ts';

/**
 * Tickets are single-use (docs/security.md): a ticket's id is claimed when it is exchanged, and kept until the
 * ticket expires, so that a second exchange — a copied link, a replayed request — is refused. With REDIS_URL
 * every API process claims in Redis (`SET NX`: of concurrent claims one wins), else in this process's memory.
 */
export interface UsedTickets {
  /** True for the first claim of `id` only; `expiresAt` (ms since the epoch) is when it can be forgotten. */
  claim(id: string, expiresAt: number): Promise<boolean>;
}

export class MemoryUsedTickets implements UsedTickets {
  private readonly used = new Map<string, number>();

  async claim(id: string, expiresAt: number, now = Date.now()): Promise<boolean> {
    if (this.used.size >= 1000) this.sweep(now);
    const kept = this.used.get(id);
    if (kept !== undefined && kept > now) return false;
    this.used.set(id, expiresAt);
    return true;
  }

  private sweep(now: number): void {
    for (const [id, expiresAt] of this.used) if (expiresAt <= now) this.used.delete(id);
  }
}

export class RedisUsedTickets implements UsedTickets {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async claim(id: string, expiresAt: number): Promise<boolean> {
    const answer = await this.redis.set(`${this.prefix}dash-ticket:${id}`, '1', {
      condition: 'NX',
      expiration: { type: 'PXAT', value: Math.max(expiresAt, Date.now() + 1000) },
    });
    return answer === 'OK';
  }
}
