/**
 * The layering rules `npm test` enforces (scripts/boundaries.test.ts runs dependency-cruiser with this file and
 * expects no violation; `npx depcruise packages --config .dependency-cruiser.cjs` shows them by hand).
 *
 * - A server module (packages/server/src/modules/<name>/) is used by others only through its entry, index.ts.
 *   Test fixtures (`*.fixtures.ts`) are a module's test surface: other modules' tests and fixtures may use them.
 * - No cycle between server modules (checked at folder level: module A → B → A through any files; the test
 *   (checks/boundaries.ts) judges it without tests and fixtures, which may use a higher module's fixtures).
 * - The platform (packages/server/src/platform) knows no module: modules plug into it, app.ts wires them.
 * - A table is declared in a `*.tables.ts` of the module (or platform part) that writes it; other modules reach a
 *   module's tables through its entry. A tables file names only drizzle, @tessera/shared, db/columns.ts and other
 *   tables files (the tables its foreign keys point to): db/schema.ts gathers them all for the db client and
 *   drizzle-kit, declares nothing, and only the db client imports it (docs/architecture.md "Tables").
 * - The web's layers (docs/architecture.md "The web app"): api/ and ui/ at the bottom, project/ (the open
 *   project) above them, the features above those, app/ (the router and the shells) on top. A feature is used by
 *   other features and by app/ only through its entry, index.ts (and charts/views.ts, the chart view and ECharts,
 *   which code loads on demand); an `import()` that loads a page or view on demand may name its module, since a
 *   chunk starts at a module. Tests and test helpers (`*.test.ts(x)`, test*.ts(x), *Test*.tsx, testing.tsx) are
 *   exempt from the entry rule. No cycle between features (judged without tests, like the server's modules).
 * - The web's api/ layer knows no feature.
 * - DuckDB is imported by packages/analytics only (checks/analytics.test.ts also refuses raw COPY statements).
 */
const MODULE = '^packages/server/src/modules/([^/]+)/';
/** Where tables are declared: `*.tables.ts` (a module's, the platform's, db/meta.tables.ts). */
const TABLES = '[.]tables[.]ts$';
const SCHEMA = '^packages/server/src/db/schema[.]ts$';
const WEB = '^packages/web/src/';
const FEATURE = `${WEB}features/([^/]+)/`;
/** The web's tests and test helpers. */
const WEB_TESTS = '([.]test[.]tsx?|/test[A-Za-z]*[.]tsx?|/[a-zA-Z]+Test[A-Z][A-Za-z]*[.]tsx?|/testing[.]tsx)$';
/** A feature's entries: index.ts, and the charts' views loaded on demand. */
const FEATURE_ENTRIES = [`${WEB}features/[^/]+/index[.]ts$`, `${WEB}features/charts/views[.]ts$`];

module.exports = {
  forbidden: [
    {
      name: 'module-entry-only',
      comment: 'Import another server module only through its index.ts (its public surface).',
      severity: 'error',
      from: { path: `${MODULE}`, pathNot: '[.](test|fixtures)[.]ts$' },
      to: {
        path: '^packages/server/src/modules/[^/]+/',
        pathNot: ['^packages/server/src/modules/$1/', '^packages/server/src/modules/[^/]+/index[.]ts$', TABLES],
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
          TABLES,
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
      name: 'module-tables-through-entry',
      comment:
        "Reach another module's tables through its index.ts; only db/schema.ts and tables files (a foreign key) name them.",
      severity: 'error',
      from: { path: '^packages/server/src/((?:modules/)?[^/]+)', pathNot: [SCHEMA, TABLES] },
      to: { path: `^packages/server/src/modules/[^/]+/.+${TABLES}`, pathNot: '^packages/server/src/$1/' },
    },
    {
      name: 'tables-name-only-tables',
      comment:
        'A tables file imports drizzle, @tessera/shared, db/columns.ts and other tables files, so that loading the schema loads no code.',
      severity: 'error',
      from: { path: `^packages/server/src/.+${TABLES}` },
      to: {
        pathNot: [
          TABLES,
          '^packages/server/src/db/columns[.]ts$',
          '^@tessera/shared$',
          '^packages/shared/',
          '(^|/)node_modules/',
        ],
      },
    },
    {
      name: 'schema-declares-nothing',
      comment: 'db/schema.ts only gathers the tables files (export * from ...): a table is declared by its owner.',
      severity: 'error',
      from: { path: SCHEMA },
      to: { pathNot: TABLES },
    },
    {
      name: 'schema-for-the-client-only',
      comment: 'Only the db client imports the gathered schema; code imports the tables it uses from their owner.',
      severity: 'error',
      from: { path: '^packages/server/src/', pathNot: '^packages/server/src/db/client[.]ts$' },
      to: { path: SCHEMA },
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
      name: 'web-feature-entry-only',
      comment:
        'Import another web feature only through its index.ts (its public surface), or load a module with import().',
      severity: 'error',
      from: { path: FEATURE, pathNot: WEB_TESTS },
      to: {
        path: `${WEB}features/[^/]+/`,
        pathNot: [`${WEB}features/$1/`, ...FEATURE_ENTRIES],
        dependencyTypesNot: ['dynamic-import'],
      },
    },
    {
      name: 'web-app-uses-feature-entries',
      comment: 'The router and the shells (app/) import a feature through its index.ts, or load a page with import().',
      severity: 'error',
      from: { path: `${WEB}app/`, pathNot: WEB_TESTS },
      to: { path: `${WEB}features/[^/]+/`, pathNot: FEATURE_ENTRIES, dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'no-web-feature-cycle',
      comment:
        'Dependencies between web features go one way: a shared piece moves down (ui/, project/, features/canvas).',
      severity: 'error',
      scope: 'folder',
      from: { path: `${WEB}features/[^/]+$` },
      to: { path: `${WEB}features/[^/]+$`, circular: true },
    },
    {
      name: 'web-feature-knows-no-app',
      comment: 'Features never import the router or the shells (app/): app/ places them.',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: WEB_TESTS },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-ui-knows-no-feature',
      comment: 'ui/ (shared components and helpers) is below the open project, the features and app/.',
      severity: 'error',
      from: { path: `${WEB}ui/`, pathNot: WEB_TESTS },
      to: { path: `${WEB}(project|features|app)/` },
    },
    {
      name: 'web-project-knows-no-feature',
      comment: 'project/ (the open project, its access and guards) is below the features and app/.',
      severity: 'error',
      from: { path: `${WEB}project/`, pathNot: WEB_TESTS },
      to: { path: `${WEB}(features|app)/` },
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
