import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './boundaries.ts';

const run = promisify(execFile);

/**
 * The product specification and the design notes live outside this repository, so a reader of the repository
 * cannot follow a citation of them: the rule is written in our own words, in the code or in `docs/`, and cited
 * there (docs/architecture.md). This finds "spec 2 §4", "spec 3 \"Package status\"", "DESIGN §5" and the like in
 * every tracked file.
 */
const CITATION = String.raw`\bspecs? [0-9]\b|\bDESIGN(\.md)? ?§|\bspec §`;

async function citations(): Promise<string[]> {
  try {
    const { stdout } = await run('git', ['grep', '-n', '-E', CITATION, '--', '.', ':!checks/citations.test.ts'], {
      cwd: repositoryRoot,
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout.split('\n').filter(Boolean);
  } catch (err) {
    // git grep exits with 1 when nothing matches.
    if ((err as { code?: number }).code === 1) return [];
    throw err;
  }
}

describe('the repository', () => {
  it('cites no document outside it (the product spec, the design notes): docs/ holds the rules', async () => {
    expect(await citations()).toEqual([]);
  });
});
