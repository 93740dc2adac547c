import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  datasetDir,
  deleteDatasetSegments,
  deleteSegment,
  listSegments,
  segmentPath,
  sweepTemporaries,
  temporaryPath,
  writeSegment,
} from './segments.ts';
import { useTestEngine } from './testing.ts';

const env = useTestEngine();

describe('segments', () => {
  it('lays out DATA_DIR/datasets/{datasetId}/{jobId}.parquet', () => {
    expect(segmentPath('/data', 'd1', 'j1')).toBe(path.resolve('/data/datasets/d1/j1.parquet'));
  });

  it('refuses ids that could leave their folder', () => {
    for (const bad of ['../x', 'a/b', '', '.', 'a b', 'x'.repeat(65)]) {
      expect(() => segmentPath(env.dataDir, bad, 'j1'), bad).toThrow();
      expect(() => segmentPath(env.dataDir, 'd1', bad), bad).toThrow();
    }
  });

  it('a segment appears only once written whole; a failed write leaves nothing', async () => {
    let seenDuringWrite: string[] = [];
    await writeSegment(env.dataDir, 'seg1', 'j1', async (temp) => {
      await writeFile(temp, 'part one');
      seenDuringWrite = (await listSegments(env.dataDir, 'seg1')).map((s) => s.jobId);
      await writeFile(temp, 'whole');
    });
    expect(seenDuringWrite).toEqual([]);
    expect((await listSegments(env.dataDir, 'seg1')).map((s) => [s.jobId, s.bytes])).toEqual([['j1', 5]]);

    const error = await writeSegment(env.dataDir, 'seg1', 'j2', async (temp) => {
      await writeFile(temp, 'half');
      throw new Error('disk on fire');
    }).catch((e) => e);
    expect(error.message).toBe('disk on fire');
    expect(await readdir(datasetDir(env.dataDir, 'seg1'))).toEqual(['j1.parquet']);
  });

  it('lists in job order, deletes one job, then the whole dataset', async () => {
    for (const job of ['b', 'a', 'c']) {
      await writeSegment(env.dataDir, 'seg2', job, (temp) => writeFile(temp, job));
      await new Promise((r) => setTimeout(r, 15));
    }
    expect((await listSegments(env.dataDir, 'seg2')).map((s) => s.jobId)).toEqual(['b', 'a', 'c']);
    expect(await deleteSegment(env.dataDir, 'seg2', 'a')).toBe(true);
    expect((await listSegments(env.dataDir, 'seg2')).map((s) => s.jobId)).toEqual(['b', 'c']);
    await deleteDatasetSegments(env.dataDir, 'seg2');
    expect(await listSegments(env.dataDir, 'seg2')).toEqual([]);
  });

  it('sweeps the temporaries a crash left, and never lists them', async () => {
    await mkdir(datasetDir(env.dataDir, 'seg3'), { recursive: true });
    await writeFile(temporaryPath(env.dataDir, 'seg3', 'crashed'), 'partial');
    await writeSegment(env.dataDir, 'seg3', 'ok', (temp) => writeFile(temp, 'ok'));
    expect((await listSegments(env.dataDir, 'seg3')).map((s) => s.jobId)).toEqual(['ok']);
    expect(await sweepTemporaries(env.dataDir)).toBe(1);
    expect(await readdir(datasetDir(env.dataDir, 'seg3'))).toEqual(['ok.parquet']);
  });
});
