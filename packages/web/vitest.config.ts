import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/ui/testSetup.ts'],
    // A deadline on a shared 2-core machine, not a speed target.
    testTimeout: 30_000,
  },
});
