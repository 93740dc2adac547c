import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { uploadPackage, waitForBuild } from './packages.fixtures.ts';

// This server "lacks" Python 3.7: its configured interpreter does not exist (read once, when first looked for).
process.env.PYTHON_3_7 = '/nonexistent/python3.7';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => {
  delete process.env.PYTHON_3_7;
  return w?.t.close();
});

describe('a base image whose interpreter this server lacks', () => {
  it('is listed unavailable with the reason, and a build asking for it fails naming it', async () => {
    const versions = (await caller(w, w.editor)('GET', '/api/v1/python/versions')).json();
    expect(versions.versions.map((v: { version: string }) => v.version)).toEqual(['3.7', '3.8', '3.9', '3.10', '3.11']);
    expect(versions.versions[0]).toEqual({
      version: '3.7',
      available: false,
      reason: 'Python 3.7 is not available on this server',
    });
    expect(versions.versions[3]).toMatchObject({ version: '3.10', available: true, reason: null });
    const res = await uploadPackage(w, w.editor, 'Old', '3.7', { 'a.py': 'def f():\n    return 1\n' });
    expect(res.statusCode, res.body).toBe(200);
    const pkg = await waitForBuild(w, res.json()._id);
    expect(pkg.status).toBe('failed');
    expect(pkg.errorLog).toContain('Python 3.7 is not installed on this server');
  });
});
