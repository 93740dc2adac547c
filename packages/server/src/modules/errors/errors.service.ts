import type { Db } from '../../db/client.ts';
import { HttpError } from '../../platform/errors.ts';
import { take } from '../../platform/rateLimit.ts';
import { insertUiError } from './errors.store.ts';

/**
 * Reports per address in the window: a crash loop in one browser must not fill the table. Every report is
 * counted before it is stored (atomically: concurrent reports cannot all pass), whether it is then stored or not.
 */
export const UI_ERROR_RATE_LIMIT = { windowMs: 10 * 60 * 1000, perAddress: 20 } as const;

/** Stores an error caught by the web app's error boundary (errors/ui). */
export async function reportUiError(
  db: Db,
  report: { stack: string; path?: string; userId: string | null; ip: string },
): Promise<void> {
  const limit = { windowMs: UI_ERROR_RATE_LIMIT.windowMs, max: UI_ERROR_RATE_LIMIT.perAddress };
  if (!(await take(db, `ui-error:${report.ip}`, limit)).allowed) {
    throw new HttpError('rate-limited', 'errors.tooMany');
  }
  await insertUiError(db, { stack: report.stack, path: report.path ?? null, userId: report.userId, ip: report.ip });
}
