import { defineProject } from 'vitest/config';

/**
 * User journeys in a real Chromium against the real server (one server per file, started by the file).
 * Files run one after another: each starts a browser and a server, and they are heavy enough. (Run beside the
 * other suites, spread through their files by a sequencer, CI took 25 min instead of 38, but a cancelled model
 * run in modelBar.e2e ended as an error once: a race since mended in settleOrphanRuns; bring the sequencer back
 * once CI has passed with it.)
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
