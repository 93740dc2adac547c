import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_WRITE_BUFFER_BYTES, writeUploadedFile } from './storage/index.ts';

/** An upload's bytes go to a new file whole, however the request cuts them, and never over a file that exists. */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tessera-uploaded-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function chunksOf(size: number, count: number): Buffer[] {
  return Array.from({ length: count }, (_, i) => Buffer.alloc(size, 97 + (i % 26)));
}

describe('writeUploadedFile', () => {
  it('writes every byte in order, more than its buffer holds, in chunks of any size', async () => {
    const chunks = [...chunksOf(65_536, 100), ...chunksOf(7, 3), ...chunksOf(1_000_003, 2)];
    const target = path.join(dir, 'many.csv');
    await writeUploadedFile(Readable.from(chunks), target);
    const written = await readFile(target);
    expect(written.length).toBeGreaterThan(UPLOAD_WRITE_BUFFER_BYTES);
    expect(written.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('refuses a target that exists and leaves it as it was', async () => {
    const target = path.join(dir, 'taken.csv');
    await writeFile(target, 'kept');
    await expect(writeUploadedFile(Readable.from([Buffer.from('new')]), target)).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(target, 'utf8')).toBe('kept');
  });

  it('fails when the request fails mid-way', async () => {
    async function* broken() {
      yield Buffer.from('id,name\n1,a\n');
      throw new Error('the client went away');
    }
    await expect(writeUploadedFile(Readable.from(broken()), path.join(dir, 'broken.csv'))).rejects.toThrow(
      'the client went away',
    );
  });
});
