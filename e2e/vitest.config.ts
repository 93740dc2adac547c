import { defineProject } from 'vitest/config';

/**
 * User journeys in a real Chromium against the real server (one server per file, started by the file). They
 * share the run's two workers with the other suites; the root config's sequencer spreads them through the other
 * files so that two rarely run at once. (They ran alone after the other suites while a race between a model
 * run's cancel and the orphan sweep was open: mended in settleOrphanRuns.)
 */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
    globalSetup: ['./support/sharedEnvs.ts'],
  },
});
