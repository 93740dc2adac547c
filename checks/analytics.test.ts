import { describe, expect, it } from 'vitest';
import { gitGrep } from './gitGrep.ts';

/**
 * Every DuckDB statement of the product is written in packages/analytics (docs/architecture.md, "The dataset
 * write path"): the other packages call its functions and never write SQL for DuckDB. This finds, in their
 * sources (tests apart, which may read a segment back to check it), a raw `COPY (`, a statement run on a DuckDB
 * connection (`.run(\``, `runAndReadAll(`) and an import of DuckDB itself (`@duckdb/`, which
 * .dependency-cruiser.cjs forbids too).
 */
const DUCKDB_STATEMENT = `${String.raw`\bCOPY \(|runAndReadAll\(|\.run\(`}\`|@duckdb/`;

const OUTSIDE = ['packages/server/src', 'packages/web/src', 'packages/shared/src'];
const TESTS = [':!*.test.ts', ':!*.test.tsx', ':!*.fixtures.ts', ':!*.fixture.ts'];
const statementsOutsideAnalytics = () => gitGrep(DUCKDB_STATEMENT, [...OUTSIDE, ...TESTS]);

describe('DuckDB', () => {
  it('is spoken only by packages/analytics: no COPY, statement or DuckDB import in the other sources', async () => {
    expect(await statementsOutsideAnalytics()).toEqual([]);
  });
});
