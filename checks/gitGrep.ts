import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repositoryRoot } from './boundaries.ts';

const run = promisify(execFile);

/** The tracked lines matching an extended regular expression (`git grep -n -E`), as `path:line:text`; none: []. */
export async function gitGrep(pattern: string, pathspecs: string[]): Promise<string[]> {
  try {
    const { stdout } = await run('git', ['grep', '-n', '-E', pattern, '--', ...pathspecs], {
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
