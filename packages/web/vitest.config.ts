import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/ui/testSetup.ts'],
    // isolate: false (one window and one module graph per worker, as the server project) waits for a whole run of
    // this project, twice and once shuffled, on a machine not overloaded: testSetup.ts already takes away what each
    // test leaves behind.
    // A deadline on a shared 2-core machine, not a speed target.
    testTimeout: 30_000,
  },
});
