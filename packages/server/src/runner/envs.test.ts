import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Environment, ensureEnvironment, normaliseRequirements } from './envs.ts';
import { BuildFailedError, InterpreterMissingError } from './errors.ts';
import type { Interpreter } from './interpreters.ts';
import { runFunction } from './run.ts';
import { interpreter, sharedEnvsDir, writeTree } from './testing.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-envs-test-'));
const envsDir = path.join(tmp, 'envs');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PANDAS = 'pandas\npyarrow\n';
let py311: Interpreter;
/**
 * The pandas + pyarrow environment of every test file (sharedEnvsDir: built cold by whichever file asks first),
 * used by the runs below. The cold builds this file checks are small ones, in a folder of its own (envsDir).
 */
let pandasEnv: Environment;
const buildLog: string[] = [];
beforeAll(async () => {
  py311 = await interpreter('3.11');
  pandasEnv = await ensureEnvironment({
    interpreter: py311,
    requirements: PANDAS,
    envsDir: sharedEnvsDir(),
    log: (l) => buildLog.push(l),
  });
}, 300_000);

const pkg = writeTree(path.join(tmp, 'pkg'), {
  'models.py': `import pandas as pd

def double(df: pd.DataFrame, factor: int = 2, label: str = "x") -> pd.DataFrame:
    print("doubling", len(df), "rows")
    out = df.copy()
    out["value"] = out["value"] * factor
    out["label"] = label
    return out

def summary(df: pd.DataFrame) -> dict:
    return {"rows": len(df), "total": float(df["value"].sum())}

def fails(n: int):
    return 1 / (n - n)

def hog():
    chunks = []
    while True:
        chunks.append(bytearray(20 * 1024 * 1024))

def forge(target: str):
    import json, os
    os.symlink(target, "outputs/stolen.parquet")
    with os.fdopen(3, "w") as events:
        events.write(json.dumps({"event": "output", "name": "a", "file": "outputs/stolen.parquet", "kind": "pandas"}) + "\\n")
        events.write(json.dumps({"event": "output", "name": "b", "file": "../../../etc/hostname", "kind": "pandas"}) + "\\n")
    return None

def slow():
    import time
    time.sleep(60)
`,
});

describe('ensureEnvironment', () => {
  it('builds pandas + pyarrow on Python 3.11 into its content address', async () => {
    expect(pandasEnv.envPath).toBe(path.join(sharedEnvsDir(), pandasEnv.key));
    expect(existsSync(path.join(pandasEnv.envPath, 'bin', 'python'))).toBe(true);
    const marker = JSON.parse(readFileSync(path.join(pandasEnv.envPath, 'tessera-env.json'), 'utf8'));
    expect(marker).toMatchObject({ key: pandasEnv.key, requirements: ['pandas', 'pyarrow'] });
    if (!pandasEnv.reused) expect(buildLog.join('\n')).toMatch(/Installing pandas, pyarrow/);
    const leftovers = readdirSync(sharedEnvsDir()).filter((f) => f.startsWith(`${pandasEnv.key}.`));
    expect(leftovers).toEqual([]);
  });

  it('reuses it for the same requirements written differently', async () => {
    const again = await ensureEnvironment({
      interpreter: py311,
      requirements: '# deps\nPyArrow \n\npandas',
      envsDir: sharedEnvsDir(),
    });
    expect(again).toEqual({ ...pandasEnv, reused: true });
  });

  it('shares one build between concurrent requests for the same set', async () => {
    const requirements = 'six\n';
    const log: string[] = [];
    const [a, b] = await Promise.all([
      ensureEnvironment({ interpreter: py311, requirements, envsDir, log: (l) => log.push(l) }),
      ensureEnvironment({ interpreter: py311, requirements, envsDir, log: (l) => log.push(l) }),
    ]);
    expect(a.envPath).toBe(b.envPath);
    expect([a.reused, b.reused].sort()).toEqual([false, true]);
    expect(log.filter((l) => l === 'Installing six')).toHaveLength(1);
  });

  it('lets two processes build the same set at once: one builds, the other reuses, nothing clashes', {
    timeout: 120_000,
  }, async () => {
    const script = `const { ensureEnvironment } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'envs.ts'))});
const { interpreter } = await import(${JSON.stringify(path.resolve(import.meta.dirname, 'testing.ts'))});
const env = await ensureEnvironment({ interpreter: await interpreter('3.11'), requirements: 'six==1.17.0', envsDir: process.argv[1] });
console.log(JSON.stringify(env));`;
    const build = () =>
      new Promise<Environment>((resolve, reject) =>
        execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, envsDir], (err, stdout) =>
          err ? reject(err) : resolve(JSON.parse(stdout)),
        ),
      );
    const [a, b] = await Promise.all([build(), build()]);
    expect(a.envPath).toBe(b.envPath);
    expect([a.reused, b.reused].sort()).toEqual([false, true]);
    expect(readdirSync(envsDir).filter((f) => f.includes('.tmp-') || f.endsWith('.lock'))).toEqual([]);
  });

  it('builds a pure-Python package on an older interpreter', { timeout: 120_000 }, async () => {
    const py38 = await interpreter('3.8');
    const env = await ensureEnvironment({ interpreter: py38, requirements: 'six', envsDir });
    expect(env.key).toMatch(/^py38-/);
    const runDir = mkdtempSync(path.join(tmp, 'run-'));
    const sixPkg = writeTree(path.join(tmp, 'sixpkg'), {
      'm.py':
        'import six, sys\n\ndef info() -> dict:\n    return {"six": six.__version__, "py": sys.version_info[:2]}\n',
    });
    const run = await runFunction({
      interpreter: py38,
      envPath: env.envPath,
      packageDir: sixPkg,
      module: 'm',
      functionName: 'info',
      inputs: [],
      runDir,
    });
    expect(run).toMatchObject({ outcome: 'ok', result: { py: [3, 8] } });
  });

  it('makes an environment for empty requirements too', async () => {
    const env = await ensureEnvironment({ interpreter: py311, requirements: '\n# nothing\n', envsDir });
    expect(existsSync(path.join(env.envPath, 'pyvenv.cfg'))).toBe(true);
  });

  it("fails an uninstallable requirement with pip's own lines", async () => {
    const error = await ensureEnvironment({
      interpreter: py311,
      requirements: 'no-such-package-tessera==1.0',
      envsDir,
    }).catch((err) => err);
    expect(error).toBeInstanceOf(BuildFailedError);
    expect(error.lines.join('\n')).toMatch(/ERROR: No matching distribution found for no-such-package-tessera==1.0/);
    expect(readdirSync(envsDir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('names a Python version the server does not have', async () => {
    const missing: Interpreter = { version: '3.7', path: '', available: false };
    await expect(ensureEnvironment({ interpreter: missing, requirements: '', envsDir })).rejects.toThrow(
      InterpreterMissingError,
    );
    await expect(ensureEnvironment({ interpreter: missing, requirements: '', envsDir })).rejects.toThrow(
      /Python 3\.7 is not installed on this server \(installed: .*3\.11\.\d+/,
    );
  });

  it('normalises requirements', () => {
    expect(normaliseRequirements('Scikit_Learn >= 1.0  # ml\n\npandas\npandas\n')).toEqual([
      'pandas',
      'scikit-learn>=1.0',
    ]);
  });
});

describe('runFunction', () => {
  async function writeInput(runDir: string) {
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const file = path.join(runDir, 'inputs', 'df.parquet');
    await import('node:fs/promises').then((fs) => fs.mkdir(path.dirname(file), { recursive: true }));
    await con.run(`COPY (SELECT i AS id, i * 1.5 AS value FROM range(1, 6) t(i)) TO '${file}' (FORMAT parquet)`);
    con.closeSync();
    return file; // a host file: runFunction copies it into the run's folder
  }

  it('runs a pandas function and its dataframe comes back as Parquet DuckDB reads', async () => {
    const runDir = mkdtempSync(path.join(tmp, 'run-'));
    const logs: string[] = [];
    const run = await runFunction({
      interpreter: py311,
      envPath: pandasEnv.envPath,
      packageDir: pkg,
      module: 'models',
      functionName: 'double',
      inputs: [
        { name: 'df', type: 'dataframe', value: await writeInput(runDir) },
        { name: 'factor', type: 'integer', value: '3' },
        { name: 'label', type: 'string', value: 'tripled' },
      ],
      runDir,
      onLog: (_stream, text) => logs.push(text),
    });
    expect(run.outcome).toBe('ok');
    expect(logs.join('')).toContain('doubling 5 rows');
    expect(run.outputs).toEqual([
      // Copied out of the sandbox's folder once checked, into the host's own (docs/security.md).
      { name: 'output', file: path.join(`${runDir}.host`, 'output_0.parquet'), kind: 'pandas' },
    ]);
    const db = await DuckDBInstance.create(':memory:');
    const con = await db.connect();
    const reader = await con.runAndReadAll(`SELECT id, value, label FROM '${run.outputs[0].file}' ORDER BY id`);
    expect(reader.getRowsJS()).toEqual([
      [1n, 4.5, 'tripled'],
      [2n, 9, 'tripled'],
      [3n, 13.5, 'tripled'],
      [4n, 18, 'tripled'],
      [5n, 22.5, 'tripled'],
    ]);
    con.closeSync();
  });

  it('returns a JSON-able value as the result', async () => {
    const runDir = mkdtempSync(path.join(tmp, 'run-'));
    const run = await runFunction({
      interpreter: py311,
      envPath: pandasEnv.envPath,
      packageDir: pkg,
      module: 'models',
      functionName: 'summary',
      inputs: [{ name: 'df', type: 'dataframe', value: await writeInput(runDir) }],
      runDir,
    });
    expect(run).toMatchObject({ outcome: 'ok', outputs: [], result: { rows: 5, total: 22.5 } });
  });

  it("gives a failing function's traceback", async () => {
    const runDir = mkdtempSync(path.join(tmp, 'run-'));
    const run = await runFunction({
      interpreter: py311,
      envPath: pandasEnv.envPath,
      packageDir: pkg,
      module: 'models',
      functionName: 'fails',
      inputs: [{ name: 'n', type: 'integer', value: 4 }],
      runDir,
    });
    expect(run.outcome).toBe('error');
    expect(run.error).toMatch(/Traceback[\s\S]*models\.py", line 14, in fails[\s\S]*ZeroDivisionError/);
  });

  it('reports a run over its memory limit, and one over its time limit', async () => {
    const base = { interpreter: py311, envPath: pandasEnv.envPath, packageDir: pkg, module: 'models', inputs: [] };
    const memory = await runFunction({
      ...base,
      functionName: 'hog',
      runDir: mkdtempSync(path.join(tmp, 'run-')),
      limits: { memoryMb: 200 },
    });
    expect(memory).toMatchObject({
      outcome: 'memory',
      error: 'The run was stopped: it used more than its memory limit of 200 MB.',
    });
    const slow = await runFunction({
      ...base,
      functionName: 'slow',
      runDir: mkdtempSync(path.join(tmp, 'run-')),
      limits: { wallSeconds: 1 },
    });
    expect(slow).toMatchObject({
      outcome: 'timeout',
      error: 'The run was stopped: it took longer than its time limit of 1 s.',
    });
  });

  it('accepts no output outside the run folder (a symlink, a "../" path)', async () => {
    const run = await runFunction({
      interpreter: py311,
      envPath: pandasEnv.envPath,
      packageDir: pkg,
      module: 'models',
      functionName: 'forge',
      inputs: [{ name: 'target', type: 'string', value: '/etc/hostname' }],
      runDir: mkdtempSync(path.join(tmp, 'run-')),
    });
    expect(run.outputs).toEqual([]);
    expect(run).toMatchObject({
      outcome: 'error',
      error: 'The run\'s output was refused: "outputs/stolen.parquet" is a link',
    });
  });

  it('refuses an input that does not match its type', async () => {
    const runDir = mkdtempSync(path.join(tmp, 'run-'));
    const run = await runFunction({
      interpreter: py311,
      envPath: pandasEnv.envPath,
      packageDir: pkg,
      module: 'models',
      functionName: 'fails',
      inputs: [{ name: 'n', type: 'integer', value: 'many' }],
      runDir,
    });
    expect(run).toMatchObject({ outcome: 'error', error: "Input 'n' is not a valid integer: 'many'" });
  });
});
