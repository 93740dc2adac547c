/**
 * The layering rules `npm test` enforces (scripts/boundaries.test.ts runs dependency-cruiser with this file and
 * expects no violation; `npx depcruise packages --config .dependency-cruiser.cjs` shows them by hand).
 *
 * - A server module (packages/server/src/modules/<name>/) is used by others only through its entry, index.ts.
 *   Test fixtures (`*.fixtures.ts`) are a module's test surface: other modules' tests and fixtures may use them.
 * - No cycle between server modules (checked at folder level: module A → B → A through any files; the test
 *   (checks/boundaries.ts) judges it without tests and fixtures, which may use a higher module's fixtures).
 * - The platform (packages/server/src/platform) knows no module: modules plug into it, app.ts wires them.
 * - The web's api/ layer knows no feature.
 * - DuckDB is imported by packages/analytics only (checks/analytics.test.ts also refuses raw COPY statements).
 */
const MODULE = '^packages/server/src/modules/([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'module-entry-only',
      comment: 'Import another server module only through its index.ts (its public surface).',
      severity: 'error',
      from: { path: `${MODULE}`, pathNot: '[.](test|fixtures)[.]ts$' },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: ['^packages/server/src/modules/$1/', '^packages/server/src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'module-entry-only-in-tests',
      comment: "A module's tests use another module through its index.ts, or its test fixtures (*.fixtures.ts).",
      severity: 'error',
      from: { path: `${MODULE}.+[.](test|fixtures)[.]ts$` },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: [
          '^packages/server/src/modules/$1/',
          '^packages/server/src/modules/[^/]+/index[.]ts$',
          '^packages/server/src/modules/[^/]+/[^/]+[.]fixtures[.]ts$',
        ],
      },
    },
    {
      name: 'no-module-cycle',
      comment: 'Dependencies between server modules go one way: a lower module declares an extension point instead.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^packages/server/src/modules/[^/]+$' },
      to: { path: '^packages/server/src/modules/[^/]+$', circular: true },
    },
    {
      name: 'platform-knows-no-module',
      comment: 'The platform is below every module: modules plug into its extension points, app.ts wires them.',
      severity: 'error',
      from: { path: '^packages/server/src/platform/', pathNot: '[.](test|fixtures)[.]ts$' },
      to: { path: '^packages/server/src/modules/' },
    },
    {
      name: 'web-api-knows-no-feature',
      comment: 'packages/web/src/api is below the features: it imports none of them.',
      severity: 'error',
      from: { path: '^packages/web/src/api/' },
      to: { path: '^packages/web/src/features/' },
    },
    {
      name: 'duckdb-only-in-analytics',
      comment: 'Every DuckDB statement is written in packages/analytics; the server and the web call its functions.',
      severity: 'error',
      from: { path: '^packages/(server|web|shared)/', pathNot: '[.](test|fixtures?)[.]tsx?$' },
      to: { path: '(^|/)node_modules/@duckdb/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|\\.tsbuild)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    combinedDependencies: false,
    moduleSystems: ['es6'],
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
