import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './boundaries.ts';
import { filesTakingTheApp } from './composition.ts';

/**
 * The files that still take the whole Fastify app although they are no composition file (issue #45): this list
 * may only shrink. Converting one means building it from what it uses in its module's routes, jobs or index.ts,
 * then removing it here; a file that newly takes the app fails the test.
 */
const NOT_YET_CONVERTED = [
  'packages/server/src/modules/dashboards/export/export.direct.ts',
  'packages/server/src/modules/dashboards/export/export.service.ts',
  'packages/server/src/modules/dashboards/headlessBrowser.ts',
  'packages/server/src/modules/dashboards/preview/preview.refresh.ts',
  'packages/server/src/modules/dashboards/preview/preview.service.ts',
];

describe('services built from what they use (docs/architecture.md "How a service gets what it uses")', () => {
  it("takes the Fastify app only in a module's composition files (index.ts, *.routes.ts, *.jobs.ts) and tests", async () => {
    expect(await filesTakingTheApp()).toEqual(NOT_YET_CONVERTED);
  });

  it('reports a service or helper that imports FastifyInstance, and no composition file (checks/fixtures/composition)', async () => {
    const found = await filesTakingTheApp(path.join(repositoryRoot, 'checks/fixtures/composition'));
    expect(found).toEqual([
      'packages/server/src/modules/alpha/alpha.checker.ts',
      'packages/server/src/modules/alpha/alpha.service.ts',
    ]);
  });
});
