import type { Db } from '../../db/client.ts';
import { claimTurn, clear, giveBack, take } from '../../platform/rateLimit.ts';
import { hasSignedInFrom } from './loginEvents.store.ts';

/**
 * Brute-force limits of sign-in (and of the current-password check), counted atomically before the password is
 * checked (`take`), so that 200 simultaneous guesses are 200 counted attempts of which only the allowed are
 * checked. They hurt only where the failures come from, never the account from everywhere (docs/security.md):
 * - per (account, address): after `pairSlowAfter` failures, one attempt per turn, the wait doubling from
 *   `slowdown.firstMs` to `slowdown.maxMs`; after `perAccountAddress` failures that address waits out the window
 *   for that account. Guesses from other addresses, however many, never slow the account down elsewhere: the right
 *   password from an address that made no failures is accepted;
 * - per address: `perAddress` failures, whatever the accounts (one machine guessing many accounts). Behind a NAT
 *   or a proxy without TRUST_PROXY many people share an address, so an account that signed in from that address
 *   before is not held by this limit there (its own pair limit still holds).
 * A success gives its attempt back (only failures count) and clears its (account, address) failures.
 */
export const LOGIN_RATE_LIMIT = {
  windowMs: 15 * 60 * 1000,
  perAccountAddress: 10,
  pairSlowAfter: 3,
  perAddress: 30,
  slowdown: { firstMs: 2000, maxMs: 60_000 },
} as const;

/** The wait before the next turn once a pair is `over` failures past `pairSlowAfter` (2 s, 4 s, ... 60 s). */
export const slowdownMs = (over: number) =>
  Math.min(LOGIN_RATE_LIMIT.slowdown.firstMs * 2 ** Math.max(0, over - 1), LOGIN_RATE_LIMIT.slowdown.maxMs);

/** An attempt let through the limits: tell it how it ended. */
export interface Attempt {
  succeeded(): Promise<void>;
}

const window = (max: number) => ({ windowMs: LOGIN_RATE_LIMIT.windowMs, max });

/** The counter of failures on `account` from `ip` (tests let its next turn come at once). */
export const pairKey = (scope: 'login' | 'password', account: string, ip: string) => `${scope}:pair:${account}|${ip}`;

/**
 * Counts one attempt on `account` (an email, or a user id for the current-password check) from `ip`; undefined
 * when a limit refuses it (then nothing stays counted for it). `knownUserId`: the account's user, whose past
 * sign-ins from `ip` exempt it from the per-address limit there.
 */
export async function enterAttempt(
  db: Db,
  scope: 'login' | 'password',
  account: string,
  ip: string,
  knownUserId?: string,
): Promise<Attempt | undefined> {
  const pair = pairKey(scope, account, ip);
  const addressKey = `${scope}:address:${ip}`;
  const taken: string[] = [];
  const refuse = async () => {
    for (const key of taken) await giveBack(db, key);
    return undefined;
  };

  taken.push(pair);
  const { allowed, count } = await take(db, pair, window(LOGIN_RATE_LIMIT.perAccountAddress));
  if (!allowed) return refuse();
  const over = count - LOGIN_RATE_LIMIT.pairSlowAfter;
  if (over > 0 && !(await claimTurn(db, pair, slowdownMs(over)))) return refuse();
  const known = knownUserId ? await hasSignedInFrom(db, knownUserId, ip) : false;
  if (!known) {
    taken.push(addressKey);
    if (!(await take(db, addressKey, window(LOGIN_RATE_LIMIT.perAddress))).allowed) return refuse();
  }
  return {
    async succeeded() {
      await clear(db, pair);
      if (!known) await giveBack(db, addressKey);
    },
  };
}
