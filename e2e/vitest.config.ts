import { defineProject } from 'vitest/config';

/**
 * User journeys in a real Chromium against the real server (one server per file, started by the file).
 * Files run one after another: each starts a browser and a server, and they are heavy enough.
 */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
    fileParallelism: false,
  },
});
