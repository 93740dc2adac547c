import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What Tessera adds to an environment itself (docs/writing-a-package.md, "What Tessera adds"): a function's
 * DataFrame inputs and outputs travel as Parquet files, which pandas reads and writes through pyarrow. An
 * environment whose requirements bring a DataFrame library (pandas or polars) gets pyarrow too, so a package
 * naming only `pandas` runs its DataFrame functions as it is.
 */
export const PLATFORM_ADDITIONS: ReadonlyArray<{ name: string; when: readonly string[] }> = [
  { name: 'pyarrow', when: ['pandas', 'polars'] },
];

/** A distribution's name as PEP 503 compares it: lower case, runs of `-`, `_`, `.` as one `-`. */
export const canonicalName = (name: string): string => name.toLowerCase().replace(/[-_.]+/g, '-');

/** The distribution a wheel file is of (`pandas-2.3.3-cp311-….whl` → `pandas`). */
export const wheelDistribution = (file: string): string | undefined =>
  file.endsWith('.whl') ? canonicalName(file.split('-')[0]) : undefined;

/** The distributions Tessera adds to a resolved set (the names of the wheels pip downloaded). */
export function additionsFor(resolved: readonly string[]): string[] {
  const have = new Set(resolved.map(canonicalName));
  return PLATFORM_ADDITIONS.filter((a) => !have.has(a.name) && a.when.some((w) => have.has(w))).map((a) => a.name);
}

/** The distributions of the wheels in a folder. */
export async function wheelsIn(dir: string): Promise<string[]> {
  const names = (await readdir(dir)).map(wheelDistribution).filter((n): n is string => Boolean(n));
  return [...new Set(names)].sort();
}

/** What Tessera added to a built environment (its marker file says; none for one built before the rule). */
export async function environmentAdditions(envPath: string, marker: string): Promise<string[]> {
  const text = await readFile(path.join(envPath, marker), 'utf8').catch(() => '');
  if (!text) return [];
  try {
    const added = (JSON.parse(text) as { added?: unknown }).added;
    return Array.isArray(added) ? added.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
}
