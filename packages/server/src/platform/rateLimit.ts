import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateCounters } from './rateLimit.tables.ts';

/**
 * Attempt counters shared by every process (the `rate_counters` table). `take` counts an attempt *before* the
 * work it guards (a password check, a stored report) in one atomic upsert, so that 200 concurrent attempts are
 * counted 1 to 200 and only those within the limit go on, on PostgreSQL as on PGlite; an attempt that is then
 * refused, or that succeeds where only failures count, is given back (`giveBack`). A window is fixed: it starts
 * with the first attempt and the count starts again once it has passed.
 */
export interface Limit {
  windowMs: number;
  max: number;
}

/** Counts one attempt on `key`; answers whether it is within the limit and the count including it. */
export async function take(db: Db, key: string, limit: Limit): Promise<{ allowed: boolean; count: number }> {
  const expired = sql`${rateCounters.windowStarted} <= now() - make_interval(secs => ${limit.windowMs / 1000})`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateCounters.count} + 1 end`,
        windowStarted: sql`case when ${expired} then now() else ${rateCounters.windowStarted} end`,
        notBefore: sql`case when ${expired} then null else ${rateCounters.notBefore} end`,
      },
    })
    .returning({ count: rateCounters.count });
  const count = row?.count ?? 1;
  if (Math.random() < 0.01) await forgetOld(db);
  return { allowed: count <= limit.max, count };
}

/** Gives back one attempt counted by `take` (never below zero). */
export async function giveBack(db: Db, key: string): Promise<void> {
  await db
    .update(rateCounters)
    .set({ count: sql`greatest(${rateCounters.count} - 1, 0)` })
    .where(eq(rateCounters.key, key));
}

/** Forgets the key (a success that clears the failures counted against it). */
export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

/**
 * Slow down rather than lock: claims the next turn on `key` (a counter `take` made) if the previous turn's wait
 * is over, and makes the one after wait `delayMs`. Atomic: of concurrent claims, one wins.
 */
export async function claimTurn(db: Db, key: string, delayMs: number): Promise<boolean> {
  const claimed = await db
    .update(rateCounters)
    .set({ notBefore: sql`now() + make_interval(secs => ${delayMs / 1000})` })
    .where(
      and(
        eq(rateCounters.key, key),
        or(sql`${rateCounters.notBefore} is null`, lt(rateCounters.notBefore, sql`now()`)),
      ),
    )
    .returning({ key: rateCounters.key });
  return claimed.length > 0;
}

/** Counters whose window started more than a day ago are over (no limit here has a longer window). */
async function forgetOld(db: Db): Promise<void> {
  await db.delete(rateCounters).where(lt(rateCounters.windowStarted, sql`now() - interval '1 day'`));
}
