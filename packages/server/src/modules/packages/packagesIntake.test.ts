import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Package } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/harness.ts';
import { caller, type DatasetsWorld, datasetsWorld } from '../datasets/datasets.fixtures.ts';
import { makeZip, PURE_PACKAGE, packageForm, uploadPackage, waitForBuild } from './packages.fixtures.ts';

/**
 * What a package upload and the dependencies editor take in (docs/security.md, "Builds" and "Uploads"):
 * requirement lines by name only, zip entries and form fields without NUL or over-long names; each refusal a 400
 * naming the field and the line, with nothing saved. And the package's variables, secrets, for its editors only.
 */
let w: DatasetsWorld;
/** A host a hostile requirement would make pip fetch from: it counts what it is asked. */
const requests: string[] = [];
let server: Server;
let port: number;
beforeAll(async () => {
  w = await datasetsWorld();
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await w?.t.close();
});

/** How many files the shared storage holds under a prefix. */
const stored = async (prefix: string) => (await w.t.app.ctx.storage.list(prefix)).length;
const filesUnder = (dir: string) => (existsSync(dir) ? readdirSync(dir, { recursive: true }) : []);
const countPackages = async () =>
  (await caller(w, w.editor)('GET', `/api/v1/packages?projectId=${w.projectId}`)).json().length as number;
const send = (form: ReturnType<typeof packageForm>, method = 'POST', url = `/api/v1/packages/upload?projectId=`) =>
  as(
    w.t.app,
    w.editor.token,
  )({
    method: method as 'POST',
    url: method === 'POST' ? `${url}${w.projectId}` : url,
    payload: form.payload,
    headers: form.headers,
  });
const zipForm = (bytes: Buffer, fields: Record<string, string> = { name: 'Bad', baseImage: '3.10' }, name = 'p.zip') =>
  packageForm({ ...fields, projectId: w.projectId }, { name, bytes });

const literal = (text: string) => text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** A zip whose entry `placeholder` is renamed with its X made NUL (Python's zipfile cuts names at NUL). */
const withNul = (bytes: Buffer, placeholder: string) =>
  Buffer.from(bytes.toString('latin1').replaceAll(placeholder, placeholder.replace('X', '\0')), 'latin1');

/** Runs a refused upload and checks that nothing was kept: no package, no folder, no upload, no request out. */
async function refusedUpload(form: ReturnType<typeof packageForm>) {
  const before = await countPackages();
  const folders = await stored('packages/');
  requests.length = 0;
  const res = await send(form);
  expect(res.statusCode, res.body).toBe(400);
  expect(await countPackages()).toBe(before);
  expect(await stored('packages/')).toBe(folders);
  expect(filesUnder(path.join(w.t.app.ctx.config.DATA_DIR, 'uploads'))).toEqual([]);
  expect(requests).toEqual([]);
  expect(res.body).not.toMatch(/\/tmp\/|\/work\/|at .*\.ts:\d+/);
  return res.json().error as { fields: Record<string, string>; fieldReasons?: Record<string, string> };
}

describe('requirements.txt lines that would fetch or build code elsewhere', () => {
  it.each([
    ['a direct-URL sdist', 'evil @ http://127.0.0.1:{port}/evil-1.0.tar.gz', 'package.requirementUrl'],
    ['another index with sdists', '--index-url http://127.0.0.1:{port}/simple', 'package.requirementOption'],
    ['--no-binary', '--no-binary :all:', 'package.requirementOption'],
    ['an editable VCS checkout', '-e git+http://127.0.0.1:{port}/evil.git#egg=evil', 'package.requirementOption'],
    ['another requirements file', '-r other.txt', 'package.requirementOption'],
    ['a local folder', './local', 'package.requirementUrl'],
    ['a hash option', 'six==1.17.0 --hash=sha256:0000', 'package.requirementOption'],
  ])('%s: 400 naming the line, nothing saved, nothing fetched', async (_, line, code) => {
    const text = line.replaceAll('{port}', String(port));
    const zip = makeZip({ ...PURE_PACKAGE, 'requirements.txt': `# deps\nsix\n${text}\nevil\n`, 'other.txt': 'x' });
    const error = await refusedUpload(zipForm(zip));
    expect(error.fields.zipfile).toMatch(new RegExp(`^Line 3 of requirements\\.txt .*\\(${literal(text)}\\)`));
    expect(error.fieldReasons?.zipfile).toBe(code);
  });

  it('a requirements.txt over 100 000 characters: 400', async () => {
    const zip = makeZip({ ...PURE_PACKAGE, 'requirements.txt': '# padding\n'.repeat(50_000) });
    const error = await refusedUpload(zipForm(zip));
    expect(error.fields).toEqual({ zipfile: 'requirements.txt is longer than 100000 characters' });
  });

  it('a NUL or a vertical tab in requirements.txt: 400 naming the line', async () => {
    for (const text of ['six\0', 'six\u000b--index-url http://x']) {
      const zip = makeZip({ ...PURE_PACKAGE, 'requirements.txt': `numpy\n${text}\n` });
      const error = await refusedUpload(zipForm(zip));
      expect(error.fields).toEqual({ zipfile: 'Line 2 of requirements.txt contains a control character' });
    }
  });
});

describe('zip entries and form fields', () => {
  it('an entry name of 300 characters: 400 under zipfile', async () => {
    const zip = makeZip({ ...PURE_PACKAGE, [`${'a'.repeat(297)}.py`]: 'x = 1' });
    const error = await refusedUpload(zipForm(zip));
    expect(error.fields.zipfile).toMatch(/^The zip file contains a name that is too long \(a+…\)\.$/);
    expect(error.fieldReasons?.zipfile).toBe('zip.nameTooLong');
  });

  it('a NUL in an entry name: 400 under zipfile', async () => {
    const zip = withNul(makeZip({ ...PURE_PACKAGE, 'evXl.py': 'x = 1' }), 'evXl.py');
    const error = await refusedUpload(zipForm(zip));
    expect(error.fields).toEqual({ zipfile: 'The zip file contains an unsafe path (ev\uFFFDl.py).' });
  });

  it('a NUL in the name field, in the zip file name, or an over-long zip file name: 400 naming the field', async () => {
    const zip = makeZip(PURE_PACKAGE);
    const nulName = await refusedUpload(zipForm(zip, { name: 'Evil\0Name', baseImage: '3.10' }));
    expect(nulName.fields).toEqual({ name: 'Must not contain NUL characters or unpaired surrogates' });
    const nulFile = await refusedUpload(zipForm(zip, undefined, 'ev\0il.zip'));
    expect(Object.keys(nulFile.fields)).toEqual(['zipfile']);
    const longFile = await refusedUpload(zipForm(zip, undefined, `${'f'.repeat(250)}.zip`));
    expect(longFile.fields).toEqual({ zipfile: 'At most 200 characters' });
  });
});

describe('a built package', () => {
  let pkg: Package;
  beforeAll(async () => {
    const res = await uploadPackage(w, w.editor, 'Stats', '3.11', PURE_PACKAGE);
    expect(res.statusCode, res.body).toBe(200);
    pkg = await waitForBuild(w, res.json()._id);
    expect(pkg.status, pkg.errorLog).toBe('built');
  }, 180_000);

  it('the dependencies editor and the code editor refuse the same lines; nothing changes', async () => {
    const edit = caller(w, w.editor);
    requests.length = 0;
    const deps = await edit('PUT', `/api/v1/packages/${pkg._id}/dependencies`, {
      updatedDependencies: `six\nevil @ http://127.0.0.1:${port}/evil-1.0.tar.gz\n`,
    });
    expect(deps.statusCode).toBe(400);
    expect(deps.json().error.fields.updatedDependencies).toMatch(/^Line 2 of requirements\.txt is a URL or a path/);
    const code = await edit('PUT', `/api/v1/packages/${pkg._id}/code`, {
      fileName: 'requirements.txt',
      updatedCode: '--extra-index-url http://127.0.0.1/simple\n',
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().error.fields.updatedCode).toMatch(/^Line 1 of requirements\.txt is a pip option/);
    const control = await edit('PUT', `/api/v1/packages/${pkg._id}/dependencies`, { updatedDependencies: 'six\f\n' });
    expect(control.json().error.fields).toEqual({
      updatedDependencies: 'Line 1 of requirements.txt contains a control character',
    });
    expect((await edit('GET', `/api/v1/packages/${pkg._id}/dependencies`)).json()).toEqual({
      dependencies: '',
      added: [],
    });
    expect((await edit('GET', `/api/v1/packages/${pkg._id}/code`)).json().changed).toEqual([]);
    expect((await edit('GET', `/api/v1/packages/${pkg._id}`)).json()).toMatchObject({ status: 'built', revision: 1 });
    expect(requests).toEqual([]);
  });

  it('Update Package with a refused line: 400, the revision and its folders unchanged', async () => {
    const folders = await stored(`packages/${pkg._id}/`);
    const zip = makeZip({ ...PURE_PACKAGE, 'requirements.txt': '-r other.txt\n' });
    const res = await send(
      zipForm(zip, { name: 'Stats', baseImage: '3.11' }),
      'PUT',
      `/api/v1/packages/${pkg._id}/update`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.zipfile).toMatch(/^Line 1 of requirements\.txt is a pip option \(-r other\.txt\)/);
    expect((await caller(w, w.editor)('GET', `/api/v1/packages/${pkg._id}`)).json().revision).toBe(1);
    expect(await stored(`packages/${pkg._id}/`)).toBe(folders);
  });

  it('its environment variables: values for package editors, names only for viewers, nothing for others', async () => {
    const url = `/api/v1/packages/${pkg._id}/env`;
    const saved = await caller(w, w.editor)('PUT', url, { updatedEnv: 'API_TOKEN="s3cr3t"\n# note\nREGION=eu\n' });
    expect(saved.statusCode, saved.body).toBe(200);
    await waitForBuild(w, pkg._id);
    expect((await caller(w, w.editor)('GET', url)).json()).toEqual({
      env: 'API_TOKEN="s3cr3t"\n# note\nREGION=eu\n',
      valuesHidden: false,
    });
    const viewer = await caller(w, w.viewer)('GET', url);
    expect(viewer.json()).toEqual({ env: 'API_TOKEN\nREGION', valuesHidden: true });
    expect(viewer.body).not.toContain('s3cr3t');
    expect((await caller(w, w.viewer)('PUT', url, { updatedEnv: 'A=1' })).statusCode).toBe(403);
    expect((await caller(w, w.dashboardsOnly)('GET', url)).statusCode).toBe(403);
    expect((await caller(w, w.outsider)('GET', url)).statusCode).toBe(404);
    for (const who of [w.viewer, w.dashboardsOnly, w.outsider]) {
      for (const other of [`/api/v1/packages/${pkg._id}`, `/api/v1/packages?projectId=${w.projectId}`]) {
        expect((await caller(w, who)('GET', other)).body).not.toContain('s3cr3t');
      }
    }
  });
});
