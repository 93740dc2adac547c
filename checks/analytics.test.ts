import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './boundaries.ts';

const run = promisify(execFile);

/**
 * Every DuckDB statement of the product is written in packages/analytics (docs/architecture.md, "The dataset
 * write path"): the other packages call its functions and never write SQL for DuckDB. This finds, in their
 * sources (tests apart, which may read a segment back to check it), a raw `COPY (`, a statement run on a DuckDB
 * connection (`.run(\``, `runAndReadAll(`) and an import of DuckDB itself (`@duckdb/`, which
 * .dependency-cruiser.cjs forbids too).
 */
const DUCKDB_STATEMENT = String.raw`\bCOPY \(|runAndReadAll\(|\.run\(` + '`' + String.raw`|@duckdb/`;

async function statementsOutsideAnalytics(): Promise<string[]> {
  const outside = ['packages/server/src', 'packages/web/src', 'packages/shared/src'];
  const tests = [':!*.test.ts', ':!*.test.tsx', ':!*.fixtures.ts', ':!*.fixture.ts'];
  try {
    const { stdout } = await run('git', ['grep', '-n', '-E', DUCKDB_STATEMENT, '--', ...outside, ...tests], {
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

describe('DuckDB', () => {
  it('is spoken only by packages/analytics: no COPY, statement or DuckDB import in the other sources', async () => {
    expect(await statementsOutsideAnalytics()).toEqual([]);
  });
});
