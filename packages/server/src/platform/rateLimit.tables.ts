import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counters of attempts by key (platform/rateLimit.ts): sign-in failures per (account, address), per address and
 * per account, password checks, error reports. One row a key, changed by one atomic statement, so that
 * concurrent attempts are all counted; `notBefore` spaces attempts out (slow down rather than lock).
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStarted: timestamp('window_started', { withTimezone: true }).notNull().defaultNow(),
    notBefore: timestamp('not_before', { withTimezone: true }),
  },
  (t) => [index('rate_counters_window_idx').on(t.windowStarted)],
);
