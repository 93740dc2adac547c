import type { Db } from '../../db/client.ts';
import { claimTurn, clear, giveBack, take } from '../../platform/rateLimit.ts';
import { hasSignedInFrom } from './loginEvents.store.ts';

/**
 * Brute-force limits of sign-in (and of the current-password check), counted atomically before the password is
 * checked (`take`), so that 200 simultaneous guesses are 200 counted attempts of which only the allowed are
 * checked. Nobody can lock another person out from every address:
 * - per (account, address): `perAccountAddress` failures, then that address waits out the window for that account;
 * - per address: `perAddress` failures, whatever the accounts (one machine guessing many accounts);
 * - per account, from addresses it never signed in from: after `perAccount` failures, slow down rather than lock:
 *   one attempt per turn, the wait doubling from `slowdown.firstMs` to `slowdown.maxMs`. From an address the
 *   account signed in from before, this limit does not apply: the right password keeps working there.
 * A success gives its attempt back (only failures count) and clears its (account, address) failures.
 */
export const LOGIN_RATE_LIMIT = {
  windowMs: 15 * 60 * 1000,
  perAccountAddress: 10,
  perAddress: 30,
  perAccount: 10,
  slowdown: { firstMs: 2000, maxMs: 60_000 },
} as const;
export const RATE_LIMITED_MESSAGE = 'Too many sign-in attempts. Please wait a few minutes and try again.';

/** The wait before the next turn once an account is `over` failures past its limit (2 s, 4 s, ... 60 s). */
export const slowdownMs = (over: number) =>
  Math.min(LOGIN_RATE_LIMIT.slowdown.firstMs * 2 ** Math.max(0, over - 1), LOGIN_RATE_LIMIT.slowdown.maxMs);

/** An attempt let through the limits: tell it how it ended. */
export interface Attempt {
  succeeded(): Promise<void>;
}

const window = (max: number) => ({ windowMs: LOGIN_RATE_LIMIT.windowMs, max });

/**
 * Counts one attempt on `account` (an email, or a user id for the current-password check) from `ip`; undefined
 * when a limit refuses it (then nothing stays counted for it). `knownUserId`: the account's user, whose past
 * sign-ins from `ip` exempt it from the account-wide slowdown.
 */
export async function enterAttempt(
  db: Db,
  scope: 'login' | 'password',
  account: string,
  ip: string,
  knownUserId?: string,
): Promise<Attempt | undefined> {
  const pairKey = `${scope}:pair:${account}|${ip}`;
  const addressKey = `${scope}:address:${ip}`;
  const accountKey = `${scope}:account:${account}`;
  const taken: string[] = [];
  const refuse = async () => {
    for (const key of taken) await giveBack(db, key);
    return undefined;
  };

  taken.push(pairKey);
  if (!(await take(db, pairKey, window(LOGIN_RATE_LIMIT.perAccountAddress))).allowed) return refuse();
  taken.push(addressKey);
  if (!(await take(db, addressKey, window(LOGIN_RATE_LIMIT.perAddress))).allowed) return refuse();
  const known = knownUserId ? await hasSignedInFrom(db, knownUserId, ip) : false;
  if (!known) {
    taken.push(accountKey);
    const { allowed, count } = await take(db, accountKey, window(LOGIN_RATE_LIMIT.perAccount));
    const over = count - LOGIN_RATE_LIMIT.perAccount;
    if (!allowed && !(await claimTurn(db, accountKey, slowdownMs(over)))) return refuse();
  }
  return {
    async succeeded() {
      await clear(db, pairKey);
      await giveBack(db, addressKey);
      if (!known) await giveBack(db, accountKey);
    },
  };
}
