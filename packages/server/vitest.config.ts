import { defineProject } from 'vitest/config';

/** TEST_STORAGE=s3 runs the tests on a local S3-compatible server instead of the folder (src/test/s3GlobalSetup.ts). */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/test/s3GlobalSetup.ts'],
    // One module graph per worker, not per file: the app, PGlite's WebAssembly and the SQL are loaded once
    // (the server project took 2.4 times as long with a fresh one per file). No server test mocks a module.
    isolate: false,
  },
});
