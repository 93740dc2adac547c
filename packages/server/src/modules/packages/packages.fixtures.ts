import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Package } from '@tessera/shared';
import { expect } from 'vitest';
import { as } from '../../test/harness.ts';
import type { DatasetsWorld } from '../datasets/datasets.fixtures.ts';
import type { Person } from '../projects/projects.fixtures.ts';

/** A zip made by Python's zipfile: `files` by path; `symlinks` become symlink entries (target as content). */
export function makeZip(files: Record<string, string>, symlinks: Record<string, string> = {}): Buffer {
  const script = `
import io, json, sys, zipfile, stat
spec = json.loads(sys.stdin.read())
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w', zipfile.ZIP_DEFLATED) as z:
    for name, text in spec['files'].items():
        z.writestr(name, text)
    for name, target in spec['symlinks'].items():
        info = zipfile.ZipInfo(name)
        info.create_system = 3
        info.external_attr = (stat.S_IFLNK | 0o777) << 16
        z.writestr(info, target)
sys.stdout.buffer.write(buf.getvalue())
`;
  return execFileSync('python3', ['-c', script], { input: JSON.stringify({ files, symlinks }) });
}

/** A multipart body with text fields first, then the zip as `zipfile`. */
export function packageForm(fields: Record<string, string>, zip?: { name: string; bytes: Buffer }) {
  const boundary = `----tessera${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (zip) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="zipfile"; filename="${zip.name}"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      zip.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function uploadPackage(
  w: DatasetsWorld,
  who: Person,
  name: string,
  baseImage: string,
  files: Record<string, string>,
  projectId = w.projectId,
) {
  const form = packageForm({ name, baseImage, projectId }, { name: `${name}.zip`, bytes: makeZip(files) });
  return as(
    w.t.app,
    who.token,
  )({
    method: 'POST',
    url: `/api/v1/packages/upload?projectId=${projectId}`,
    payload: form.payload,
    headers: form.headers,
  });
}

/** Waits until the package's build ends (built or failed); answers it. */
export async function waitForBuild(w: DatasetsWorld, id: string, timeoutMs = 180_000): Promise<Package> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await as(w.t.app, w.editor.token)({ method: 'GET', url: `/api/v1/packages/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const pkg = res.json() as Package;
    if (pkg.status === 'built' || pkg.status === 'failed') return pkg;
    if (Date.now() > until) throw new Error(`package ${id} still ${pkg.status} after ${timeoutMs} ms`);
    await sleep(50);
  }
}

export const PURE_PACKAGE = {
  'requirements.txt': '',
  '__init__.py': '',
  'stats.py': [
    'from typing import Literal',
    '',
    'def mean(values: list, rounding: int = 2) -> float:',
    '    """The mean of the values."""',
    '    return round(sum(values) / len(values), rounding)',
    '',
    "def scale(x: float, mode: Literal['up', 'down'] = 'up') -> float:",
    "    return x * 2 if mode == 'up' else x / 2",
    '',
    'def _private():',
    '    pass',
    '',
  ].join('\n'),
};
