import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ERRORS } from '@tessera/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  createDataset,
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  SALES,
} from '../modules/datasets/datasets.fixtures.ts';
import { makeZip, uploadPackage, waitForBuild } from '../modules/packages/packages.fixtures.ts';
import { signIn } from '../test/accounts.ts';
import { as, ROOT } from '../test/harness.ts';
import { type FormPart, multipartForm, TINY_PNG } from '../test/multipart.ts';
import { MULTIPART_NAME_MAX, MULTIPART_VALUE_MAX } from './multipart.ts';

/**
 * Every multipart route refuses, with 400 naming the field and before anything is stored, a NUL (or an unpaired
 * surrogate) in a field's name, a file's name or a field's value, and names or values over their length
 * (docs/security.md). One guard (multipart.ts) for all: datasets, packages, logos.
 */
let w: DatasetsWorld;
let rootToken: string;
let imported: string;
let packageId: string;
let waiting: string;
beforeAll(async () => {
  w = await datasetsWorld();
  rootToken = await signIn(w.t.app, ROOT.email, ROOT.password);
  imported = (await importCsv(w, 'sales', SALES))._id;
  waiting = (await createDataset(w, 'Waiting for its file'))._id;
  const pkg = await uploadPackage(w, w.editor, 'Tiny', '3.11', {
    'requirements.txt': '',
    'm.py': 'def f():\n  return 1\n',
  });
  expect(pkg.statusCode, pkg.body).toBe(200);
  packageId = pkg.json()._id;
  // Built, so that an update is taken (not 409 while it builds).
  expect((await waitForBuild(w, packageId)).status).toBe('built');
}, 300_000);
afterAll(() => w?.t.close());

const CSV = { contentType: 'text/csv', bytes: Buffer.from('a,b\n1,2\n') };
const MORE_SALES = `${SALES.split('\n')[0]}\n6,West,1,2024-04-01\n`;
const ZIP = () => ({ contentType: 'application/zip', bytes: makeZip({ 'm.py': 'def g():\n  return 2\n' }) });

/** A multipart route, the parts of a good request to it (its file last), and what it stores to compare. */
interface Family {
  route: string;
  send(parts: FormPart[]): Promise<{ statusCode: number; json(): { error: { fields: Record<string, string> } } }>;
  good: () => FormPart[];
  fileField: string;
  fileName: string;
  state(): Promise<unknown>;
}

const inject = (token: string, opts: InjectOptions, parts: FormPart[]) =>
  as(w.t.app, token)({ ...opts, ...multipartForm(parts) }) as ReturnType<Family['send']>;
const uploads = () => {
  try {
    return readdirSync(path.join(w.t.dataDir, 'uploads')).sort();
  } catch {
    return [];
  }
};
/** The dataset's jobs (their ids: a job of an earlier test may finish meanwhile). */
const datasetState = async (id: string) =>
  (await caller(w, w.editor)('GET', `/api/v1/datasets/${id}/jobs`)).json().jobs.map((j: { _id: string }) => j._id);

const families = (): Family[] => [
  {
    route: 'POST datasets/:id/upload',
    send: (parts) => inject(w.editor.token, { method: 'POST', url: `/api/v1/datasets/${waiting}/upload` }, parts),
    good: () => [{ name: 'file', filename: 'data.csv', ...CSV }],
    fileField: 'file',
    fileName: 'data.csv',
    state: () => datasetState(waiting),
  },
  {
    route: 'PUT datasets/:id/append',
    send: (parts) => inject(w.editor.token, { method: 'PUT', url: `/api/v1/datasets/${imported}/append` }, parts),
    good: () => [{ name: 'file', filename: 'more.csv', contentType: 'text/csv', bytes: Buffer.from(MORE_SALES) }],
    fileField: 'file',
    fileName: 'more.csv',
    state: () => datasetState(imported),
  },
  {
    route: 'POST packages/upload',
    send: (parts) =>
      inject(w.editor.token, { method: 'POST', url: `/api/v1/packages/upload?projectId=${w.projectId}` }, parts),
    good: () => [
      { name: 'name', value: 'Another' },
      { name: 'baseImage', value: '3.11' },
      { name: 'projectId', value: w.projectId },
      { name: 'zipfile', filename: 'another.zip', ...ZIP() },
    ],
    fileField: 'zipfile',
    fileName: 'another.zip',
    state: async () =>
      (await caller(w, w.editor)('GET', `/api/v1/packages?projectId=${w.projectId}`))
        .json()
        .map((p: { _id: string }) => p._id),
  },
  {
    route: 'PUT packages/:id/update',
    send: (parts) => inject(w.editor.token, { method: 'PUT', url: `/api/v1/packages/${packageId}/update` }, parts),
    good: () => [
      { name: 'name', value: 'Tiny' },
      { name: 'baseImage', value: '3.11' },
      { name: 'zipfile', filename: 'tiny.zip', ...ZIP() },
    ],
    fileField: 'zipfile',
    fileName: 'tiny.zip',
    state: async () => (await caller(w, w.editor)('GET', `/api/v1/packages/${packageId}`)).json().revision,
  },
  {
    route: 'PUT users/:id/logo',
    send: (parts) => inject(w.editor.token, { method: 'PUT', url: `/api/v1/users/${w.editor.id}/logo` }, parts),
    good: () => [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: TINY_PNG }],
    fileField: 'logo',
    fileName: 'logo.png',
    state: async () => (await caller(w, w.editor)('GET', '/api/v1/users/my')).json().logo,
  },
  {
    route: 'PUT organizations/:id/logo',
    send: (parts) =>
      inject(rootToken, { method: 'PUT', url: `/api/v1/organizations/${w.editor.organizationId}/logo` }, parts),
    good: () => [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', bytes: TINY_PNG }],
    fileField: 'logo',
    fileName: 'logo.png',
    state: async () =>
      (await as(w.t.app, rootToken)({ method: 'GET', url: `/api/v1/organizations/${w.editor.organizationId}` })).json()
        .logo,
  },
];

const long = (n: number) => 'x'.repeat(n);
const UNSAFE = SERVER_ERRORS['field.unsafeText'];
const NAME_TOO_LONG = SERVER_ERRORS['field.max200'];
const VALUE_TOO_LONG = SERVER_ERRORS['field.max5000'];

describe.each(families().map((f) => [f.route, f] as const))('multipart %s', (_route, family) => {
  /** The good parts with a text field `extra` put first, or the file part changed. */
  const withField = (name: string, value: string): FormPart[] => [{ name, value }, ...family.good()];
  const withFileName = (filename: string): FormPart[] =>
    family.good().map((p) => ('filename' in p ? { ...p, filename } : p));

  const refusals: Array<[string, () => FormPart[], string, string]> = [
    ['NUL in a file name', () => withFileName(`evil\u0000.${family.fileName.split('.')[1]}`), family.fileField, UNSAFE],
    [
      'a file name over the limit',
      () => withFileName(`${long(MULTIPART_NAME_MAX)}.${family.fileName.split('.')[1]}`),
      family.fileField,
      NAME_TOO_LONG,
    ],
    ['NUL in a field value', () => withField('note', 'a\u0000b'), 'note', UNSAFE],
    ['a field value over the limit', () => withField('note', long(MULTIPART_VALUE_MAX + 1)), 'note', VALUE_TOO_LONG],
    ['a field value cut by the parser', () => withField('note', long(20_000)), 'note', VALUE_TOO_LONG],
    ['NUL in a field name', () => withField('no\u0000te', 'x'), 'no\uFFFDte', UNSAFE],
    [
      'a field name over the limit',
      () => withField(long(MULTIPART_NAME_MAX + 1), 'x'),
      `${long(MULTIPART_NAME_MAX)}…`,
      NAME_TOO_LONG,
    ],
  ];

  it.each(refusals)(
    'refuses %s with 400 naming the field, and stores nothing',
    async (_what, parts, field, message) => {
      const [before, files] = [await family.state(), uploads()];
      const res = await family.send(parts());
      expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
      expect(res.json().error.fields).toEqual({ [field]: message });
      expect(await family.state()).toEqual(before);
      // No upload left behind (files of earlier tests may be imported and removed meanwhile).
      expect(uploads().filter((file) => !files.includes(file))).toEqual([]);
    },
  );

  it('still takes a good request (and a file name of the longest length allowed)', async () => {
    const extension = `.${family.fileName.split('.')[1]}`;
    const res = await family.send(withFileName(`${long(MULTIPART_NAME_MAX - extension.length)}${extension}`));
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  });
});

describe('the package form', () => {
  it('answers 400 naming `name` for a NUL in it (was a 500), on upload and on update', async () => {
    const form = (name: string): FormPart[] => [
      { name: 'name', value: name },
      { name: 'baseImage', value: '3.11' },
      { name: 'zipfile', filename: 'p.zip', ...ZIP() },
    ];
    const upload = await inject(
      w.editor.token,
      { method: 'POST', url: `/api/v1/packages/upload?projectId=${w.projectId}` },
      form('evil\u0000name'),
    );
    expect(upload.statusCode).toBe(400);
    expect(upload.json().error.fields).toEqual({ name: UNSAFE });
    const update = await inject(
      w.editor.token,
      { method: 'PUT', url: `/api/v1/packages/${packageId}/update` },
      form('x'.repeat(MULTIPART_VALUE_MAX + 1)),
    );
    expect(update.statusCode).toBe(400);
    expect(update.json().error.fields).toEqual({ name: VALUE_TOO_LONG });
  });
});
