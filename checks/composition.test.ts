import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './boundaries.ts';
import { filesTakingTheApp } from './composition.ts';

describe('services built from what they use (docs/architecture.md "How a service gets what it uses")', () => {
  it("takes the Fastify app only in a module's composition files (index.ts, *.routes.ts, *.jobs.ts) and tests", async () => {
    expect(await filesTakingTheApp()).toEqual([]);
  });

  it('reports a service or helper that imports FastifyInstance, and no composition file (checks/fixtures/composition)', async () => {
    const found = await filesTakingTheApp(path.join(repositoryRoot, 'checks/fixtures/composition'));
    expect(found).toEqual([
      'packages/server/src/modules/alpha/alpha.checker.ts',
      'packages/server/src/modules/alpha/alpha.service.ts',
    ]);
  });
});
