import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One broken rule: its name and the dependency (file → file, or module → module for a cycle). */
export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Tests, fixtures and the web's test helpers may reach higher; cycles are judged on the product's files. */
const TESTS = [
  '[.](test|fixtures)[.]ts$',
  '^packages/web/src/.*([.]test[.]tsx?|/test[A-Za-z]*[.]tsx?|/[a-zA-Z]+Test[A-Z][A-Za-z]*[.]tsx?|/testing[.]tsx)$',
];

/**
 * Runs dependency-cruiser with the repository's rules (.dependency-cruiser.cjs) over the server's and the web's
 * sources under `baseDir` (the repository, or a fixture tree shaped like it) and answers what breaks them: every
 * rule on every file, except module cycles, which a second pass judges without the tests and fixtures (and without
 * the gathered schema, db/schema.ts).
 */
export async function layeringViolations(baseDir = repositoryRoot): Promise<Violation[]> {
  const options = await extractDepcruiseOptions(path.join(repositoryRoot, '.dependency-cruiser.cjs'));
  const sources = ['packages/server/src', 'packages/web/src'];
  const all = await cruise(sources, { ...options, baseDir });
  const product = await cruise(sources, {
    ...options,
    baseDir,
    exclude: { path: [...excludedPaths(options.exclude), ...TESTS, GATHERED_SCHEMA] },
  });
  return [
    ...violationsOf(all.output).filter((v) => !CYCLES.includes(v.rule)),
    ...violationsOf(product.output).filter((v) => CYCLES.includes(v.rule)),
  ];
}

/**
 * The list of every owner's tables for the db client (docs/architecture.md "Tables"): every module reaches it through
 * the client's type, so at folder level it would join any two modules in a loop; the cycle pass leaves it out.
 */
const GATHERED_SCHEMA = '^packages/server/src/db/schema[.]ts$';

/** The cycle rules, judged on the product's files: server modules, web features. */
const CYCLES = ['no-module-cycle', 'no-web-feature-cycle'];

/** The config's `exclude` as a list of path patterns (it may be a pattern, a list, or an object with `path`). */
function excludedPaths(exclude: ICruiseOptions['exclude']): string[] {
  if (!exclude) return [];
  if (typeof exclude === 'string' || Array.isArray(exclude)) return [exclude].flat();
  return [exclude.path ?? []].flat();
}

function violationsOf(output: string | ICruiseResult): Violation[] {
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}
