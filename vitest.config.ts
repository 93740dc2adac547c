import { defineConfig } from 'vitest/config';

/**
 * One test command for every suite. The server's API tests run on PGlite, and once more on PostgreSQL
 * when TEST_DATABASE_URL is set.
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
        test: { name: 'server-postgres', env: { TEST_DB: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({ test: { projects: [...projects, ...withPostgres] as never } });
