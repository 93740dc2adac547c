import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/ui/testSetup.ts'],
    // One window and one module graph per worker, not per file (as the server project): React, Mantine, jsdom and
    // the app's modules are loaded once. testSetup.ts takes away what each test leaves behind, so that no file
    // sees another's screen, storage, stubs or module state. No web test mocks a module.
    isolate: false,
    // A deadline on a shared 2-core machine, not a speed target.
    testTimeout: 30_000,
  },
});
