import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layeringViolations, repositoryRoot } from './boundaries.ts';

describe('layering (dependency-cruiser, .dependency-cruiser.cjs)', () => {
  it('finds no deep import between server modules, no module cycle, no platform → module, no api/ → features/', async () => {
    const violations = await layeringViolations();
    expect(violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  it('reports each kind of violation in a tree that has them (checks/fixtures/violations)', async () => {
    const violations = await layeringViolations(path.join(repositoryRoot, 'checks/fixtures/violations'));
    const server = 'packages/server/src';
    expect(violations).toEqual(
      expect.arrayContaining([
        {
          rule: 'module-entry-only',
          from: `${server}/modules/alpha/alpha.service.ts`,
          to: `${server}/modules/beta/beta.store.ts`,
        },
        {
          rule: 'module-entry-only-in-tests',
          from: `${server}/modules/beta/beta.test.ts`,
          to: `${server}/modules/alpha/alpha.service.ts`,
        },
        { rule: 'no-module-cycle', from: `${server}/modules/alpha`, to: `${server}/modules/beta` },
        { rule: 'no-module-cycle', from: `${server}/modules/beta`, to: `${server}/modules/alpha` },
        {
          rule: 'platform-knows-no-module',
          from: `${server}/platform/jobs.ts`,
          to: `${server}/modules/alpha/index.ts`,
        },
        {
          rule: 'web-api-knows-no-feature',
          from: 'packages/web/src/api/gamma.ts',
          to: 'packages/web/src/features/gamma/paths.ts',
        },
      ]),
    );
    expect(violations).toHaveLength(6);
  });
});
