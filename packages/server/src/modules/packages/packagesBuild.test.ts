import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { uploadPackage, waitForBuild } from './packages.fixtures.ts';

/** Real builds with pip on the local index (pandas and pyarrow wheels for CPython 3.11). */

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const DATA_PACKAGE = {
  'requirements.txt': 'pandas\npyarrow\n',
  'frames.py': [
    'import pandas as pd',
    '',
    'def describe(df: pd.DataFrame, top: int = 5) -> pd.DataFrame:',
    '    """Summary statistics."""',
    '    return df.describe().head(top)',
    '',
  ].join('\n'),
};

describe('package builds', () => {
  it('builds a package with pandas and pyarrow on Python 3.11', { timeout: 300_000 }, async () => {
    const res = await uploadPackage(w, w.editor, 'Frames', '3.11', DATA_PACKAGE);
    expect(res.statusCode, res.body).toBe(200);
    const pkg = await waitForBuild(w, res.json()._id, 280_000);
    expect(pkg.status, pkg.errorLog).toBe('built');
    const algorithm = (
      await caller(w, w.viewer)('GET', `/api/v1/algorithms/${pkg.modules[0].algorithms[0]._id}`)
    ).json();
    expect(algorithm.params).toEqual([
      { name: 'df', type: 'dataframe', default: null, hasDefault: false, options: null },
      { name: 'top', type: 'integer', default: 5, hasDefault: true, options: null },
    ]);
    expect(algorithm.doc).toBe('Summary statistics.');
  });

  it('reuses the environment for a second package with the same requirements', { timeout: 120_000 }, async () => {
    const started = Date.now();
    const res = await uploadPackage(w, w.editor, 'Frames again', '3.11', {
      ...DATA_PACKAGE,
      'requirements.txt': '# the same set, written differently\nPyArrow\npandas\n',
    });
    const pkg = await waitForBuild(w, res.json()._id);
    expect(pkg.status, pkg.errorLog).toBe('built');
    const { packages } = await import('./packages.tables.ts');
    const { inArray } = await import('drizzle-orm');
    const rows = await w.t.database.db
      .select({ envKey: packages.envKey, name: packages.name })
      .from(packages)
      .where(inArray(packages.name, ['Frames', 'Frames again']));
    expect(rows).toHaveLength(2);
    expect(rows[0].envKey).toBeTruthy();
    expect(rows[0].envKey).toBe(rows[1].envKey);
    // Discovery and a found environment: seconds, not the minutes of a cold build.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('fails a package whose requirements cannot be installed, with pip lines', { timeout: 120_000 }, async () => {
    const res = await uploadPackage(w, w.editor, 'Broken deps', '3.11', {
      'requirements.txt': 'surely-no-such-package-tessera==9.9.9\n',
      'main.py': 'def run():\n    return 1\n',
    });
    const pkg = await waitForBuild(w, res.json()._id);
    expect(pkg.status).toBe('failed');
    expect(pkg.errorLog).toMatch(/surely-no-such-package-tessera/i);
    expect(pkg.errorLog).toMatch(/ERROR: /);
  });

  it('reports a syntax error for its module while the others load', { timeout: 120_000 }, async () => {
    const res = await uploadPackage(w, w.editor, 'Half broken', '3.10', {
      'good.py': 'def fine(a: int) -> int:\n    return a\n',
      'bad.py': 'def broken(:\n    pass\n',
    });
    const pkg = await waitForBuild(w, res.json()._id);
    expect(pkg.status, pkg.errorLog).toBe('built');
    const bad = pkg.modules.find((m) => m.filename === 'bad.py');
    const good = pkg.modules.find((m) => m.filename === 'good.py');
    expect(bad?.error).toMatch(/line 1/i);
    expect(bad?.algorithms).toEqual([]);
    expect(good?.algorithms.map((a) => a.functionName)).toEqual(['fine']);
  });
});
