import { defineConfig } from 'vitest/config';
import { SpreadJourneys } from './scripts/spreadJourneys.ts';

/**
 * One test command for every suite. The server's API tests run on PGlite with the folder storage, and once more
 * on PostgreSQL with an S3-compatible store when TEST_DATABASE_URL is set.
 */
const projects: string[] | object[] = [
  'packages/shared',
  'packages/analytics',
  'packages/server',
  'packages/web',
  'e2e',
  'checks',
];
const withPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './packages/server/vitest.config.ts',
        root: './packages/server',
        // This run keeps the shared files in an S3-compatible store (s3rver, packages/server/src/test/s3GlobalSetup.ts),
        // the other on the folder: the suite runs once on PGlite and a folder, once on PostgreSQL and a bucket
        // (docs/operations.md "Object storage").
        test: { name: 'server-postgres', env: { TEST_DB: 'postgres', TEST_STORAGE: 's3' } },
      },
    ]
  : [];

/**
 * Two test files at a time: most files wait on Python, pip, Chromium or a database rather than on the CPU, so
 * on a 2-core machine two at a time finish sooner than one (vitest's default here), without starving either.
 * The journeys are spread through the other files (scripts/spreadJourneys.ts).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: SpreadJourneys },
    projects: [...projects, ...withPostgres] as never,
  },
});
