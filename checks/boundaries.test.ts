import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { layeringViolations, repositoryRoot } from './boundaries.ts';

describe('layering (dependency-cruiser, .dependency-cruiser.cjs)', () => {
  it('finds no deep import between server modules or web features, no module or feature cycle, no layer reaching up', async () => {
    const violations = await layeringViolations();
    expect(violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`)).toEqual([]);
  });

  it('reports each kind of violation in a tree that has them (checks/fixtures/violations)', async () => {
    const violations = await layeringViolations(path.join(repositoryRoot, 'checks/fixtures/violations'));
    const server = 'packages/server/src';
    const web = 'packages/web/src';
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
          rule: 'module-tables-through-entry',
          from: `${server}/modules/beta/beta.report.ts`,
          to: `${server}/modules/alpha/alpha.tables.ts`,
        },
        {
          rule: 'module-tables-through-entry',
          from: `${server}/test/accounts.ts`,
          to: `${server}/modules/alpha/alpha.tables.ts`,
        },
        {
          rule: 'tables-name-only-tables',
          from: `${server}/modules/alpha/alpha.tables.ts`,
          to: `${server}/modules/beta/index.ts`,
        },
        {
          rule: 'schema-declares-nothing',
          from: `${server}/db/schema.ts`,
          to: expect.stringMatching(/node_modules\/drizzle-orm\/pg-core\//),
        },
        { rule: 'schema-for-the-client-only', from: `${server}/test/accounts.ts`, to: `${server}/db/schema.ts` },
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
        { rule: 'web-app-uses-feature-entries', from: `${web}/app/router.ts`, to: `${web}/features/gamma/paths.ts` },
        {
          rule: 'web-feature-entry-only',
          from: `${web}/features/delta/DeltaPage.ts`,
          to: `${web}/features/gamma/paths.ts`,
        },
        { rule: 'web-feature-knows-no-app', from: `${web}/features/gamma/GammaPage.ts`, to: `${web}/app/router.ts` },
        {
          rule: 'web-project-knows-no-feature',
          from: `${web}/project/currentProject.ts`,
          to: `${web}/features/delta/index.ts`,
        },
        { rule: 'web-ui-knows-no-feature', from: `${web}/ui/Banner.ts`, to: `${web}/features/gamma/index.ts` },
        { rule: 'no-web-feature-cycle', from: `${web}/features/delta`, to: `${web}/features/gamma` },
        { rule: 'no-web-feature-cycle', from: `${web}/features/gamma`, to: `${web}/features/delta` },
      ]),
    );
    // A test reaching inside another feature, app/'s import() of a page, a tables file naming another module's
    // tables file (beta.tables.ts: a foreign key) and the db client importing the schema are not violations.
    expect(violations).toHaveLength(18);
  });
});
