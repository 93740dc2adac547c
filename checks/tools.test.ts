import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './boundaries.ts';

const run = promisify(execFile);
const bin = (name: string) => path.join(repositoryRoot, 'node_modules/.bin', name);

/** Runs a tool in the repository; answers its exit code and what it printed. */
async function tool(name: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(bin(name), args, { cwd: repositoryRoot, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const failed = err as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('the repository', () => {
  it('typechecks (tsc -b: every package, e2e, bench, checks)', async () => {
    const { code, output } = await tool('tsc', ['-b']);
    expect(output).toBe('');
    expect(code).toBe(0);
  });

  it('is lint-clean (biome check .)', async () => {
    const { code, output } = await tool('biome', ['check', '.', '--reporter=summary']);
    expect(code, output).toBe(0);
  });
});
