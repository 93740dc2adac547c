import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One broken rule: its name and the dependency (file → file, or module → module for a cycle). */
export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/**
 * Runs dependency-cruiser with the repository's rules (.dependency-cruiser.cjs) over the server's and the web's
 * sources under `baseDir` (the repository, or a fixture tree shaped like it) and answers what breaks them.
 */
export async function layeringViolations(baseDir = repositoryRoot): Promise<Violation[]> {
  const options = await extractDepcruiseOptions(path.join(repositoryRoot, '.dependency-cruiser.cjs'));
  const result = await cruise(['packages/server/src', 'packages/web/src'], { ...options, baseDir });
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  return result.output.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}
