import { lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatasetDetail, Package } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatasetsWorld, datasetsWorld, importCsv, rowsByName, SALES } from '../datasets/datasets.fixtures.ts';
import { uploadPackage, waitForBuild } from '../packages/packages.fixtures.ts';
import { createModel, execute, waitForRun } from './models.fixtures.ts';

/**
 * A hostile package through the real model-run route (real bubblewrap, Python 3.11 + pandas): links it leaves in
 * its run's folder to a root-only host file and to another dataset's Parquet segment are never followed by the
 * host (docs/security.md, "The host never follows what a sandbox leaves"), and a failure shows no server path.
 */
const ATTACK = {
  'requirements.txt': 'pandas\npyarrow\n',
  'attack.py': `import json, os
import pandas as pd

def emit(**event):
    os.write(3, (json.dumps(event) + "\\n").encode())

def row_link(victim: str) -> dict:
    os.symlink(victim, "result-row.json")
    return {"genuine": 1}

def result_link(victim: str) -> dict:
    os.symlink(victim, "result.json")
    emit(event="result", file="result.json")
    os._exit(0)

def output_link(victim: str) -> dict:
    os.makedirs("outputs", exist_ok=True)
    os.symlink(victim, "outputs/output.parquet")
    emit(event="output", name="output", file="outputs/output.parquet", kind="pandas")
    os._exit(0)

def outputs_folder_link(victim: str) -> dict:
    if os.path.isdir("outputs"):
        os.rmdir("outputs")
    os.symlink(os.path.dirname(victim), "outputs")
    emit(event="output", name="output", file="outputs/" + os.path.basename(victim), kind="pandas")
    os._exit(0)

def left_links(victim: str) -> dict:
    os.symlink(os.path.dirname(victim), "folder-link")
    os.symlink(victim, "file-link")
    return {"genuine": 2}

def in_pandas(victim: str) -> dict:
    return pd.DataFrame({"a": [1]})["nope"]
`,
};

let w: DatasetsWorld;
let pkg: Package;
let sales: DatasetDetail;
/** A root-only file of the server, and the Parquet segment of a dataset (what issue reports named as overwritten). */
let secret: string;
let segment: string;
const SECRET = 'root-only 0600 file';
let segmentBytes: Buffer;

beforeAll(async () => {
  w = await datasetsWorld();
  const upload = await uploadPackage(w, w.editor, 'Hostile', '3.11', ATTACK);
  expect(upload.statusCode, upload.body).toBe(200);
  [pkg, sales] = await Promise.all([waitForBuild(w, upload.json()._id, 280_000), importCsv(w, 'sales', SALES)]);
  expect(pkg.status, pkg.errorLog).toBe('built');
  const root = w.t.app.ctx.storage.root;
  secret = path.join(root, 'secret.txt');
  writeFileSync(secret, SECRET, { mode: 0o600 });
  const folder = path.join(root, 'datasets', sales._id);
  segment = path.join(folder, readdirSync(folder).find((f) => f.endsWith('.parquet')) as string);
  segmentBytes = readFileSync(segment);
}, 300_000);
afterAll(async () => {
  await w?.t.close();
});

async function attack(functionName: string, victim: string) {
  const model = await createModel(w, pkg, functionName);
  const run = await waitForRun(w, (await execute(w, model._id, [{ varName: 'victim', value: victim }]))._id);
  // Whatever the outcome: the victims are as they were, and the dataset still answers its rows.
  expect(readFileSync(secret, 'utf8')).toBe(SECRET);
  expect(lstatSync(secret).mode & 0o777).toBe(0o600);
  expect(readFileSync(segment).equals(segmentBytes)).toBe(true);
  expect(await rowsByName(w, sales)).toHaveLength(SALES.split('\n').length - 1);
  return run;
}

/** The run failed as an error, its message says why, and names no server path. */
function expectRefused(run: { status: string; failureKind?: string | null; error?: string | null }, why: RegExp) {
  expect(run.status).toBe('failed');
  expect(run.failureKind).toBe('error');
  expect(run.error).toMatch(why);
  expect(run.error).not.toContain(w.t.app.ctx.storage.root);
  expect(run.error).not.toContain(SECRET);
}

describe('a hostile package through the model-run route', () => {
  it('result-row.json as a link to a host file: the host writes the row in its own folder; nothing is overwritten', {
    timeout: 60_000,
  }, async () => {
    for (const victim of [secret, segment]) {
      const run = await attack('row_link', victim);
      expect(run.status, run.error ?? '').toBe('finished');
    }
  });

  it('result.json, an output, outputs/ as links to host files: refused with a clear message', {
    timeout: 60_000,
  }, async () => {
    expectRefused(await attack('result_link', secret), /could not be read: "result.json" is a link/);
    expectRefused(await attack('output_link', segment), /output was refused: "outputs\/output.parquet" is a link/);
    expectRefused(
      await attack('outputs_folder_link', segment),
      /output was refused: "outputs" in the run's folder is a link or a file, not a folder/,
    );
  });

  it('links left in the run folder: its removal removes the links, never what they point to', {
    timeout: 60_000,
  }, async () => {
    const run = await attack('left_links', segment);
    expect(run.status, run.error ?? '').toBe('finished');
    expect(readdirSync(path.dirname(segment))).toContain(path.basename(segment));
  });

  it("a failure inside pandas shows the package's frames and site-packages/…, no server path", {
    timeout: 60_000,
  }, async () => {
    const run = await attack('in_pandas', 'x');
    expectRefused(run, /File "attack.py", line \d+, in in_pandas/);
    expect(run.error).toMatch(/File "site-packages\/pandas\/core\/frame.py"/);
    expect(run.error).toMatch(/KeyError: 'nope'/);
    for (const server of ['/work/', 'envs/', '/runner/', 'lib/python3.11']) expect(run.error).not.toContain(server);
  });
});
