import { defineProject } from 'vitest/config';

/**
 * Whole-repository checks that `npm test` runs beside the suites: the layering rules (dependency-cruiser), the
 * typecheck (`tsc -b`, bench included) and lint (`biome check .`). Each is one test, so a failure shows in the
 * JSON report like any other; they run in parallel with the other projects instead of before them.
 */
export default defineProject({
  test: { name: 'checks', include: ['*.test.ts'], testTimeout: 1_200_000 },
});
