import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/ui/testSetup.ts'],
    // One window and one module graph per worker, not per file (as the server project): React, Mantine, i18next
    // and jsdom are loaded once. testSetup.ts takes away what each test leaves behind.
    isolate: false,
    // A deadline on a shared 2-core machine, not a speed target.
    testTimeout: 30_000,
  },
});
