import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PYTHON_BASE_IMAGES } from '@tessera/shared';
import { findInterpreters } from './interpreters.ts';
import { defaultFlags, pipEnvironment } from './pip.ts';
import { canonicalName } from './platformRequirements.ts';

const run = promisify(execFile);

/**
 * Which Python versions the configured package index serves a build (a wheel) of a distribution for, asked with
 * `pip index versions --python-version X.Y --only-binary :all:` and the operator's pip settings. What a failed
 * build says (docs/writing-a-package.md, "When the build fails") and the default base image rest on it.
 */

/** The distributions pip found no build of, from its output ("No matching distribution found for pandas>=2"). */
export function missingDistributions(output: string): string[] {
  const found = new Set<string>();
  for (const match of output.matchAll(/No matching distribution found for ([A-Za-z0-9][A-Za-z0-9._-]*)/g)) {
    found.add(canonicalName(match[1]));
  }
  return [...found];
}

const answers = new Map<string, Promise<boolean>>();

/** Whether the index serves a wheel of `name` for Python `version` (asked once per process and pair). */
export function indexHasBuild(interpreterPath: string, name: string, version: string): Promise<boolean> {
  const key = `${interpreterPath}\0${name}\0${version}`;
  let answer = answers.get(key);
  if (!answer) {
    // One try, 10 s at most: a probe only chooses words and a default, it must not hold a build or a page.
    const flags = [...defaultFlags({ PIP_RETRIES: '0', PIP_TIMEOUT: '10' }), '--retries', '0', '--timeout', '10'];
    const argv = ['-m', 'pip', 'index', 'versions', name, '--python-version', version, ...flags];
    answer = run(interpreterPath, argv, { env: pipEnvironment(), timeout: 60_000 }).then(
      ({ stdout }) => /Available versions:/.test(stdout),
      () => false,
    );
    answers.set(key, answer);
  }
  return answer;
}

/** The base images this server can build (an interpreter installed) whose builds the index serves `name` for. */
export async function versionsWithBuild(interpreterPath: string, name: string): Promise<string[]> {
  const installed = (await findInterpreters()).filter((i) => i.available).map((i) => i.version as string);
  const candidates = PYTHON_BASE_IMAGES.filter((v) => installed.includes(v));
  const has = await Promise.all(candidates.map((v) => indexHasBuild(interpreterPath, name, v)));
  return candidates.filter((_, i) => has[i]);
}

/**
 * A failed download in the user's terms: one line per requirement the index has no build of for this Python,
 * naming the base images that have one (or that none has). Undefined when pip failed for another reason.
 */
export async function explainMissingBuilds(opts: {
  interpreterPath: string;
  version: string;
  output: string;
  /** What Tessera added itself (said so when it is the one missing). */
  added?: readonly string[];
}): Promise<string | undefined> {
  const missing = missingDistributions(opts.output);
  if (!missing.length) return undefined;
  const lines = await Promise.all(
    missing.map(async (name) => {
      const others = (await versionsWithBuild(opts.interpreterPath, name)).filter((v) => v !== opts.version);
      const who = opts.added?.includes(name) ? `${name} (added by Tessera for DataFrames)` : name;
      const where = `${who} has no build for Python ${opts.version} on the configured package index`;
      return others.length
        ? `${where}; Python ${others.join(', ')} ${others.length > 1 ? 'have' : 'has'} one: choose it as the base image (Update Package).`
        : `${where}, nor for any other Python version this server has: remove it or pin a version the index serves.`;
    }),
  );
  return lines.join('\n');
}

/** The libraries most packages ask for: the default base image is the newest Python the index serves all of. */
export const USUAL_LIBRARIES = ['numpy', 'pandas', 'pyarrow'] as const;

let defaultVersion: Promise<string | undefined> | undefined;

/**
 * The base image offered by default (docs/configuration.md, DEFAULT_PYTHON): the newest installed Python among
 * the base images for which the index serves every usual library; else the newest installed one. Found once.
 */
export function newestServedPython(): Promise<string | undefined> {
  defaultVersion ??= (async () => {
    const installed = (await findInterpreters()).filter((i) => i.available);
    const candidates = PYTHON_BASE_IMAGES.filter((v) => installed.some((i) => i.version === v)).reverse();
    const probe = installed.find((i) => i.version === candidates[0]);
    if (!probe) return undefined;
    for (const version of candidates) {
      const has = await Promise.all(USUAL_LIBRARIES.map((name) => indexHasBuild(probe.path, name, version)));
      if (has.every(Boolean)) return version;
    }
    return candidates[0];
  })();
  return defaultVersion;
}
