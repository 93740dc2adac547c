import { defineProject } from 'vitest/config';

/**
 * User journeys in a real Chromium against the real server (one server per file, started by the file). They
 * share the run's two workers with the other suites; the root config's sequencer spreads them through the other
 * files so that two rarely run at once.
 */
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
  },
});
