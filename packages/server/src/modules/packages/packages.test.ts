import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Package } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/harness.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { makeZip, PURE_PACKAGE, packageForm, uploadPackage, waitForBuild } from './packages.fixtures.ts';
import { packageSourcesOf } from './packages.sources.ts';

let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld();
});
afterAll(() => w?.t.close());

const dataDir = () => w.t.app.ctx.storage.root;
/** How many files the shared storage holds under a prefix. */
const stored = async (prefix: string) => (await w.t.app.ctx.storage.list(prefix)).length;
const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }) : []);
const functionsOf = (pkg: Package) =>
  pkg.modules.flatMap((m) => m.algorithms.map((a) => `${m.name}.${a.functionName}`));

describe('a pure-Python package on an older interpreter', () => {
  let pkg: Package;
  it('uploads, builds on Python 3.8 and lists its public functions', async () => {
    const res = await uploadPackage(w, w.editor, 'Stats', '3.8', PURE_PACKAGE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Stats',
      baseImage: '3.8',
      filename: 'Stats.zip',
      projectId: w.projectId,
    });
    expect(['queued', 'parsing', 'installing', 'built']).toContain(res.json().status);
    pkg = await waitForBuild(w, res.json()._id);
    expect(pkg.status, pkg.errorLog).toBe('built');
    expect(functionsOf(pkg)).toEqual(['stats.mean', 'stats.scale']);
    expect(pkg.user).toEqual({ id: w.editor.id, name: expect.any(String) });
    const scale = pkg.modules[1].algorithms.find((a) => a.functionName === 'scale');
    const algorithm = (await caller(w, w.viewer)('GET', `/api/v1/algorithms/${scale?._id}`)).json();
    expect(algorithm).toMatchObject({ functionName: 'scale', packageId: pkg._id, projectId: w.projectId });
    expect(algorithm.params).toEqual([
      { name: 'x', type: 'float', default: null, hasDefault: false, options: null },
      { name: 'mode', type: 'string', default: 'up', hasDefault: true, options: ['up', 'down'] },
    ]);
    const listed = (await caller(w, w.viewer)('GET', `/api/v1/algorithms?projectId=${w.projectId}`)).json();
    expect(listed.map((a: { functionName: string }) => a.functionName)).toEqual(['mean', 'scale']);
  });

  it('edits a file, commits a new revision and sees the function list change (same algorithm ids)', async () => {
    const edit = caller(w, w.editor);
    const code = (await caller(w, w.viewer)('GET', `/api/v1/packages/${pkg._id}/code`)).json();
    expect(Object.keys(code.sourceCode)).toEqual(['__init__.py', 'requirements.txt', 'stats.py']);
    expect(code.changed).toEqual([]);
    const early = await edit('PUT', `/api/v1/packages/${pkg._id}/revert`);
    expect([early.statusCode, early.json().error.message]).toEqual([409, 'There is no earlier revision to go back to']);
    const updated = `${code.sourceCode['stats.py']}\ndef total(values: list) -> float:\n    return sum(values)\n`;
    const saved = await edit('PUT', `/api/v1/packages/${pkg._id}/code`, { fileName: 'stats.py', updatedCode: updated });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await edit('GET', `/api/v1/packages/${pkg._id}/code`)).json().changed).toEqual(['stats.py']);
    const committed = await edit('PUT', `/api/v1/packages/${pkg._id}/commit`);
    expect(committed.statusCode, committed.body).toBe(200);
    const after = await waitForBuild(w, pkg._id);
    expect(after.revision).toBe(2);
    expect(functionsOf(after)).toEqual(['stats.mean', 'stats.scale', 'stats.total']);
    const ids = (p: Package) => p.modules.flatMap((m) => m.algorithms.map((a) => a._id));
    expect(ids(after).slice(0, 2)).toEqual(ids(pkg));
    // The first revision is still there, unchanged.
    const sources = packageSourcesOf(w.t.app.ctx);
    const [rev1, rev2] = [await sources.revision(pkg._id, 1), await sources.revision(pkg._id, 2)];
    expect(rev1['stats.py']?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(rev1['stats.py']).not.toEqual(rev2['stats.py']);
    expect((await edit('PUT', `/api/v1/packages/${pkg._id}/commit`)).statusCode).toBe(409);
  });

  it('Revert Changes makes the previous revision’s code the next revision (viewers cannot, other tenants 404)', async () => {
    const edit = caller(w, w.editor);
    expect((await caller(w, w.viewer)('PUT', `/api/v1/packages/${pkg._id}/revert`)).statusCode).toBe(403);
    expect((await caller(w, w.outsider)('PUT', `/api/v1/packages/${pkg._id}/revert`)).statusCode).toBe(404);
    expect((await edit('GET', `/api/v1/packages/${pkg._id}`)).json().revision).toBe(2);
    const reverted = await edit('PUT', `/api/v1/packages/${pkg._id}/revert`);
    expect(reverted.statusCode, reverted.body).toBe(200);
    const after = await waitForBuild(w, pkg._id);
    expect([after.status, after.revision]).toEqual(['built', 3]);
    expect(functionsOf(after)).toEqual(['stats.mean', 'stats.scale']);
    const code = (await edit('GET', `/api/v1/packages/${pkg._id}/code`)).json();
    expect(code.changed).toEqual([]);
    expect(code.sourceCode['stats.py']).not.toContain('def total');
  });

  it('refuses file names outside the package and files it does not have', async () => {
    const edit = caller(w, w.editor);
    for (const fileName of ['../x.py', '/etc/passwd', 'a/../../b.py']) {
      const res = await edit('PUT', `/api/v1/packages/${pkg._id}/code`, { fileName, updatedCode: 'x' });
      expect(res.statusCode, fileName).toBe(400);
    }
    expect(
      (await edit('PUT', `/api/v1/packages/${pkg._id}/code`, { fileName: 'new.py', updatedCode: '' })).statusCode,
    ).toBe(404);
  });

  it('saves environment variables (checked) and dependencies, each rebuilt as a job', async () => {
    const edit = caller(w, w.editor);
    const bad = await edit('PUT', `/api/v1/packages/${pkg._id}/env`, { updatedEnv: 'GOOD=1\nnot a line' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ updatedEnv: 'Line 2: write KEY=value' });
    const env = await edit('PUT', `/api/v1/packages/${pkg._id}/env`, { updatedEnv: 'GREETING="hello"\n# note\n' });
    expect(env.statusCode, env.body).toBe(200);
    expect((await waitForBuild(w, pkg._id)).status).toBe('built');
    expect((await edit('GET', `/api/v1/packages/${pkg._id}/env`)).json()).toEqual({
      env: 'GREETING="hello"\n# note\n',
      valuesHidden: false,
    });
    const deps = await edit('PUT', `/api/v1/packages/${pkg._id}/dependencies`, { updatedDependencies: '# none\n' });
    expect(deps.statusCode, deps.body).toBe(200);
    expect((await waitForBuild(w, pkg._id)).status).toBe('built');
    expect((await edit('GET', `/api/v1/packages/${pkg._id}/dependencies`)).json()).toEqual({
      dependencies: '# none\n',
      added: [], // no DataFrame library: Tessera adds nothing
    });
    expect((await edit('GET', `/api/v1/packages/${pkg._id}/code`)).json().changed).toEqual(['requirements.txt']);
  });

  it('renames; viewers read but cannot write; another tenant gets 404', async () => {
    const renamed = await caller(w, w.editor)('PUT', `/api/v1/packages/${pkg._id}`, {
      name: 'Statistics',
      description: 'd',
    });
    expect(renamed.json()).toMatchObject({ name: 'Statistics', description: 'd' });
    expect((await caller(w, w.viewer)('PUT', `/api/v1/packages/${pkg._id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await caller(w, w.viewer)('PUT', `/api/v1/packages/${pkg._id}/commit`)).statusCode).toBe(403);
    const outsider = caller(w, w.outsider);
    for (const url of [
      `/api/v1/packages/${pkg._id}`,
      `/api/v1/packages/${pkg._id}/code`,
      `/api/v1/packages/${pkg._id}/env`,
    ]) {
      expect((await outsider('GET', url)).statusCode, url).toBe(404);
    }
    expect((await outsider('DELETE', `/api/v1/packages/${pkg._id}`)).statusCode).toBe(404);
    expect((await outsider('GET', `/api/v1/packages?projectId=${w.projectId}`)).statusCode).toBe(404);
    expect((await uploadPackage(w, w.outsider, 'Intruder', '3.8', PURE_PACKAGE, w.projectId)).statusCode).toBe(404);
    expect((await caller(w, w.dashboardsOnly)('GET', `/api/v1/packages?projectId=${w.projectId}`)).statusCode).toBe(
      403,
    );
  });

  it('Update Package: a new zip becomes the next revision; a bad one changes nothing', async () => {
    const put = (fields: Record<string, string>, zip: { name: string; bytes: Buffer }) => {
      const form = packageForm(fields, zip);
      return as(
        w.t.app,
        w.editor.token,
      )({
        method: 'PUT',
        url: `/api/v1/packages/${pkg._id}/update`,
        payload: form.payload,
        headers: form.headers,
      });
    };
    const before = (await caller(w, w.editor)('GET', `/api/v1/packages/${pkg._id}`)).json() as Package;
    const bad = await put(
      { name: 'Statistics', baseImage: '3.8' },
      { name: 'bad.zip', bytes: makeZip({}, { 'x.py': '/etc/passwd' }) },
    );
    expect(bad.statusCode).toBe(400);
    expect((await caller(w, w.editor)('GET', `/api/v1/packages/${pkg._id}`)).json().revision).toBe(before.revision);
    const files = {
      ...PURE_PACKAGE,
      'stats.py': 'def median(values: list) -> float:\n    return sorted(values)[len(values) // 2]\n',
    };
    const res = await put({ name: 'Statistics', baseImage: '3.9' }, { name: 'stats-v2.zip', bytes: makeZip(files) });
    expect(res.statusCode, res.body).toBe(200);
    const after = await waitForBuild(w, pkg._id);
    expect(after).toMatchObject({
      status: 'built',
      revision: before.revision + 1,
      baseImage: '3.9',
      filename: 'stats-v2.zip',
    });
    expect(functionsOf(after)).toEqual(['stats.median']);
    expect((await caller(w, w.editor)('GET', `/api/v1/packages/${pkg._id}/code`)).json().changed).toEqual([]);
  });

  it('lists newest first and deletes with the files', async () => {
    const second = await uploadPackage(w, w.editor, 'Second', '3.8', PURE_PACKAGE);
    await waitForBuild(w, second.json()._id);
    const list = (await caller(w, w.viewer)('GET', `/api/v1/packages?projectId=${w.projectId}`)).json();
    expect(list.map((p: Package) => p.name)).toEqual(['Second', 'Statistics']);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/packages/${second.json()._id}`)).statusCode).toBe(200);
    expect(await stored(`packages/${second.json()._id}/`)).toBe(0);
    expect(existsSync(packageSourcesOf(w.t.app.ctx).localDir(second.json()._id))).toBe(false);
    expect((await caller(w, w.editor)('GET', `/api/v1/packages/${second.json()._id}`)).statusCode).toBe(404);
  });
});

describe('bad uploads change nothing', () => {
  const countPackages = async () =>
    (await caller(w, w.editor)('GET', `/api/v1/packages?projectId=${w.projectId}`)).json().length as number;

  const send = (form: ReturnType<typeof packageForm>) =>
    as(
      w.t.app,
      w.editor.token,
    )({
      method: 'POST',
      url: `/api/v1/packages/upload?projectId=${w.projectId}`,
      payload: form.payload,
      headers: form.headers,
    });

  it('refuses a zip with ../ and one with a symlink: 400, nothing written', async () => {
    const before = await countPackages();
    const packagesBefore = await stored('packages/');
    const traversal = makeZip({ 'ok.py': 'x = 1', '../evil.py': 'x = 2' });
    const link = makeZip({ 'ok.py': 'x = 1' }, { 'passwd.py': '/etc/passwd' });
    for (const bytes of [traversal, link]) {
      const res = await send(
        packageForm({ name: 'Bad', baseImage: '3.10', projectId: w.projectId }, { name: 'bad.zip', bytes }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields.zipfile).toEqual(expect.any(String));
    }
    expect(await countPackages()).toBe(before);
    expect(await stored('packages/')).toBe(packagesBefore);
    expect(filesUnder(path.join(w.t.app.ctx.config.DATA_DIR, 'uploads'))).toEqual([]);
    expect(existsSync(path.join(dataDir(), 'evil.py'))).toBe(false);
  });

  it('requires a name, a known base image and a .zip file', async () => {
    const zip = { name: 'p.zip', bytes: makeZip(PURE_PACKAGE) };
    const noName = await send(packageForm({ baseImage: '3.10' }, zip));
    expect(noName.json().error.fields).toEqual({ name: 'Required' });
    const badImage = await send(packageForm({ name: 'x', baseImage: '2.7' }, zip));
    expect(Object.keys(badImage.json().error.fields)).toEqual(['baseImage']);
    const notZip = await send(packageForm({ name: 'x', baseImage: '3.10' }, { name: 'p.tar', bytes: zip.bytes }));
    expect(notZip.json().error.fields).toEqual({ zipfile: 'Only .zip files are accepted' });
    const noFile = await send(packageForm({ name: 'x', baseImage: '3.10' }));
    expect(noFile.json().error.fields).toEqual({ zipfile: 'Required' });
    const garbage = await send(
      packageForm({ name: 'x', baseImage: '3.10' }, { name: 'p.zip', bytes: Buffer.from('not a zip') }),
    );
    expect(garbage.statusCode).toBe(400);
    expect(filesUnder(path.join(w.t.app.ctx.config.DATA_DIR, 'uploads'))).toEqual([]);
  });
});
