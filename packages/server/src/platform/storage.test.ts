import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  rowsByName,
  SALES,
} from '../modules/datasets/datasets.fixtures.ts';

/**
 * The files every process shares live in STORAGE_DIR (platform/storage.ts); what is this process's own (the
 * embedded database, DuckDB's spill folder) stays in DATA_DIR.
 */
const storageDir = mkdtempSync(path.join(tmpdir(), 'tessera-storage-'));
let w: DatasetsWorld;
beforeAll(async () => {
  w = await datasetsWorld({ STORAGE_DIR: storageDir });
}, 180_000);
afterAll(async () => {
  await w?.t.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('STORAGE_DIR', () => {
  it('holds the segments an import writes and the queries read; DATA_DIR holds none', async () => {
    expect(w.t.app.ctx.storage).toMatchObject({ kind: 'folder', root: storageDir });
    const dataset = await importCsv(w, 'stored', SALES);
    const segments = readdirSync(path.join(storageDir, 'datasets', dataset._id));
    expect(segments.filter((name) => name.endsWith('.parquet'))).toHaveLength(1);
    expect(existsSync(path.join(w.t.dataDir, 'datasets', dataset._id))).toBe(false);
    expect(readdirSync(path.join(storageDir, 'uploads'))).toEqual([]);
    expect((await rowsByName(w, dataset)).map((row) => row.order_id)).toEqual([1, 2, 3, 4, 5]);
  }, 120_000);
});
