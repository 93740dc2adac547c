import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ZipRejectedError } from './errors.ts';
import { writeZip } from './testing.ts';
import { extractZip } from './zip.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'tessera-zip-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let n = 0;
const fresh = () => path.join(tmp, `case-${++n}`);

describe('extractZip', () => {
  it('unpacks the files, dropping a single top folder', async () => {
    const zip = await writeZip(fresh(), [
      { name: 'mypkg/__init__.py', text: '' },
      { name: 'mypkg/models.py', text: 'def f(): pass\n' },
      { name: 'mypkg/requirements.txt', text: 'pandas\n' },
      { name: '__MACOSX/mypkg/._models.py', text: 'junk' },
    ]);
    const dest = fresh();
    const { files } = await extractZip(zip, dest);
    expect(files).toEqual(['__init__.py', 'models.py', 'requirements.txt']);
    expect(readFileSync(path.join(dest, 'models.py'), 'utf8')).toBe('def f(): pass\n');
  });

  it('keeps the layout when files sit at the top', async () => {
    const zip = await writeZip(fresh(), [
      { name: 'a.py', text: 'x = 1' },
      { name: 'lib/b.py', text: 'y = 2' },
    ]);
    expect((await extractZip(zip, fresh())).files).toEqual(['a.py', 'lib/b.py']);
  });

  const refused: [string, Parameters<typeof writeZip>[1], Partial<Parameters<typeof extractZip>[2]>, RegExp][] = [
    [
      'a path with ../',
      [
        { name: 'ok.py', text: '' },
        { name: '../evil.py', text: 'x' },
      ],
      {},
      /unsafe path/,
    ],
    [
      'a nested ../',
      [
        { name: 'ok.py', text: '' },
        { name: 'a/../../evil.py', text: 'x' },
      ],
      {},
      /unsafe path/,
    ],
    ['an absolute path', [{ name: '/etc/evil.py', text: 'x' }], {}, /unsafe path/],
    [
      'a symlink',
      [
        { name: 'ok.py', text: '' },
        { name: 'link', text: '/etc/passwd', mode: 0o120777 },
      ],
      {},
      /symbolic link/,
    ],
    [
      'a device',
      [
        { name: 'ok.py', text: '' },
        { name: 'dev', text: '', mode: 0o020644 },
      ],
      {},
      /device/,
    ],
    [
      'too many entries',
      [1, 2, 3].map((i) => ({ name: `f${i}.py`, text: '' })),
      { maxEntries: 2 },
      /more than 2 entries/,
    ],
    ['too large', [{ name: 'big.py', text: 'x'.repeat(5000) }], { maxTotalBytes: 1000 }, /unpacks to more than/],
    [
      'a file and a folder of one name',
      [
        { name: 'a', text: '' },
        { name: 'a/b.py', text: '' },
      ],
      {},
      /same name/,
    ],
    ['a zip bomb', [{ name: 'bomb.txt', text: ' '.repeat(3 * 1024 * 1024) }], {}, /compressed suspiciously well/],
    [
      'a name of 300 characters',
      [{ name: `${'a'.repeat(297)}.py`, text: '' }],
      {},
      /name that is too long \(a{100}…\)/,
    ],
    ['a name of 128 two-byte characters', [{ name: `${'é'.repeat(128)}.py`, text: '' }], {}, /name that is too long/],
    [
      'a path over 1024 bytes',
      [{ name: `${Array.from({ length: 6 }, () => 'd'.repeat(200)).join('/')}/x.py`, text: '' }],
      {},
      /name that is too long/,
    ],
    // A name with a non-ASCII character is stored as UTF-8, where a newline stays a newline (CP437 names map
    // their control bytes to symbols, ◙).
    ['a name with a newline', [{ name: 'é\nb.py', text: '' }], {}, /unsafe path \(é\uFFFDb\.py\)/],
  ];
  it.each(refused)('refuses %s and writes nothing', async (_label, items, limits, message) => {
    const zip = await writeZip(fresh(), items);
    const dest = fresh();
    const error = await extractZip(zip, dest, limits).catch((err) => err);
    expect(error).toBeInstanceOf(ZipRejectedError);
    expect(error.message).toMatch(message);
    expect(existsSync(dest)).toBe(false);
    expect(readdirSync(tmp).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('refuses a NUL in an entry name (written over a same-length name: Python cuts names at NUL)', async () => {
    const zip = await writeZip(fresh(), [{ name: 'okXevil.py', text: 'x' }]);
    const bytes = readFileSync(zip);
    writeFileSync(zip, Buffer.from(bytes.toString('latin1').replaceAll('okXevil.py', 'ok\0evil.py'), 'latin1'));
    const dest = fresh();
    const error = await extractZip(zip, dest).catch((err) => err);
    expect(error).toBeInstanceOf(ZipRejectedError);
    expect(error.message).toBe('The zip file contains an unsafe path (ok\uFFFDevil.py).');
    expect(existsSync(dest)).toBe(false);
  });

  it('accepts a name of 255 bytes', async () => {
    const name = `${'b'.repeat(252)}.py`;
    const zip = await writeZip(fresh(), [{ name, text: 'x = 1' }]);
    expect((await extractZip(zip, fresh())).files).toEqual([name]);
  });

  it('refuses a file that is not a zip', async () => {
    const file = fresh();
    await import('node:fs/promises').then((fs) => fs.writeFile(file, 'not a zip at all'));
    await expect(extractZip(file, fresh())).rejects.toThrow(/not a valid zip/);
  });
});
