import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, ensureEnvironment } from './envs.ts';
import type { Interpreter } from './interpreters.ts';
import { runFunction } from './run.ts';
import { interpreter, sharedEnvsDir, writeTree } from './testing.ts';

/** The harness with polars only (no pandas in the environment): inputs read with polars, several outputs. */
const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-harness-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let py: Interpreter;
let env: Environment;
beforeAll(async () => {
  py = await interpreter('3.11');
  env = await ensureEnvironment({ interpreter: py, requirements: 'polars', envsDir: sharedEnvsDir() });
}, 300_000);

const pkg = writeTree(path.join(tmp, 'pkg'), {
  'split.py': `import datetime
import polars as pl

def split(df: pl.DataFrame, threshold: float, since: datetime.date, tags: list, extra: dict, flag: bool):
    assert isinstance(since, datetime.date) and tags == ["a", "b"] and extra == {"k": 1} and flag is True
    return {"low": df.filter(pl.col("value") < threshold), "high": df.filter(pl.col("value") >= threshold)}
`,
});

async function query(sql: string) {
  const db = await DuckDBInstance.create(':memory:');
  const con = await db.connect();
  const rows = (await con.runAndReadAll(sql)).getRowsJS();
  con.closeSync();
  return rows;
}

describe('harness.py with polars', () => {
  it('reads a dataframe input with polars, coerces the other types and writes one Parquet file per output', async () => {
    const runDir = mkdtempSync(path.join(tmp, 'run-'));
    const input = path.join(mkdtempSync(path.join(tmp, 'host-')), 'df.parquet');
    await query(`COPY (SELECT i AS id, i * 10.0 AS value FROM range(1, 7) t(i)) TO '${input}' (FORMAT parquet)`);
    const run = await runFunction({
      interpreter: py,
      envPath: env.envPath,
      packageDir: pkg,
      module: 'split',
      functionName: 'split',
      inputs: [
        { name: 'df', type: 'dataframe', value: input },
        { name: 'threshold', type: 'float', value: '35' },
        { name: 'since', type: 'date', value: '2026-11-25T10:00:00Z' },
        { name: 'tags', type: 'list', value: '["a", "b"]' },
        { name: 'extra', type: 'dictionary', value: { k: 1 } },
        { name: 'flag', type: 'boolean', value: 'true' },
      ],
      runDir,
    });
    expect(run.error).toBeUndefined();
    expect(run.outputs.map((o) => [o.name, o.kind])).toEqual([
      ['low', 'polars'],
      ['high', 'polars'],
    ]);
    const [low, high] = run.outputs;
    expect(await query(`SELECT list(id ORDER BY id) FROM '${low.file}'`)).toEqual([[[1n, 2n, 3n]]]);
    expect(await query(`SELECT list(id ORDER BY id) FROM '${high.file}'`)).toEqual([[[4n, 5n, 6n]]]);
  });
});

describe('a failing function, with pandas', () => {
  const tracebackPkg = writeTree(path.join(tmp, 'tracebacks'), {
    'frames.py': `import pandas as pd

def helper(df):
    return df["nope"]

def in_pandas(n: int):
    return helper(pd.DataFrame({"a": [n]}))

def own(n: int):
    raise ValueError("bad n: %d" % n)
`,
  });

  it("shows the user's own frames, the library's as site-packages/…, and no server path", async () => {
    const pandas = await ensureEnvironment({
      interpreter: py,
      requirements: 'pandas\npyarrow',
      envsDir: sharedEnvsDir(),
    });
    for (const [functionName, expected] of [
      [
        'in_pandas',
        [
          /File "frames.py", line 7, in in_pandas/,
          /File "frames.py", line 4, in helper/,
          /File "site-packages\/pandas\/core\/frame.py", line \d+, in __getitem__/,
          /KeyError: 'nope'/,
        ],
      ],
      ['own', [/File "frames.py", line 10, in own/, /ValueError: bad n: 1/]],
    ] as const) {
      const runDir = mkdtempSync(path.join(tmp, 'run-'));
      const run = await runFunction({
        interpreter: py,
        envPath: pandas.envPath,
        packageDir: tracebackPkg,
        module: 'frames',
        functionName,
        inputs: [{ name: 'n', type: 'integer', value: 1 }],
        runDir,
      });
      expect(run.outcome).toBe('error');
      const error = run.error ?? '';
      for (const pattern of expected) expect(error, functionName).toMatch(pattern);
      // The (last) traceback starts at the function: none of the harness's frames before it.
      expect(error).toContain(
        `Traceback (most recent call last):\n  File "frames.py", line ${functionName === 'own' ? 10 : 7}`,
      );
      for (const server of [
        pandas.envPath,
        sharedEnvsDir(),
        py.prefix ?? '',
        tmp,
        '/work/',
        '/pkg/',
        '/runner/',
        'harness.py',
      ]) {
        expect(error, `${functionName}: ${server}`).not.toContain(server);
      }
      expect(error).not.toMatch(/lib\/python3\.11/);
    }
  }, 300_000);
});
