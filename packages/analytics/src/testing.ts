/**
 * Test support (used by the *.test.ts files only): a real DuckDB engine on a fresh temporary DATA_DIR, with
 * the fixtures folder readable, and helpers to ingest a fixture and read a dataset back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { closeEngine, configureEngine, type EngineOptions } from './engine.ts';
import { type IngestOptions, type IngestResult, ingestCsv } from './ingest.ts';
import { readDataset } from './query.ts';
import { listSegments } from './segments.ts';
import { type Source, segmentSource } from './source.ts';
import type { Cell } from './sql.ts';
import type { ColumnRef } from './types.ts';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-fixtures');

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/**
 * Starts an engine on a temporary data folder for the test file (with `options` beyond the tests' own); answers
 * an object whose dataDir is set, and `restart`: closes the engine, which the next query starts again, as a
 * process's first query does.
 */
export function useTestEngine(options: Partial<EngineOptions> = {}): { dataDir: string; restart(): Promise<void> } {
  let configured: EngineOptions | undefined;
  const state = {
    dataDir: '',
    async restart() {
      await closeEngine();
      configureEngine(configured as EngineOptions);
    },
  };
  beforeAll(async () => {
    state.dataDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-analytics-'));
    configured = {
      dataDir: state.dataDir,
      allowedDirectories: [FIXTURES],
      poolSize: 3,
      memoryLimit: '1GB',
      ...options,
    };
    configureEngine(configured);
  });
  afterAll(async () => {
    await closeEngine();
    await rm(state.dataDir, { recursive: true, force: true });
  });
  return state;
}

let counter = 0;
export const nextId = (prefix: string) => `${prefix}${++counter}`;

export async function ingestFixture(
  dataDir: string,
  name: string,
  extra: Partial<IngestOptions> = {},
): Promise<IngestResult & { datasetId: string; jobId: string }> {
  const datasetId = extra.datasetId ?? nextId('ds');
  const jobId = extra.jobId ?? nextId('job');
  const result = await ingestCsv({ dataDir, datasetId, jobId, csvPath: fixture(name), ...extra });
  return { ...result, datasetId, jobId };
}

/** The source of a whole dataset as the server builds it: its segments and its features' db names and types. */
export async function datasetSource(dataDir: string, datasetId: string, result: IngestResult): Promise<Source> {
  const segments = await listSegments(dataDir, datasetId);
  return segmentSource(
    segments.map((s) => s.path),
    result.columns.map((c) => ({ dbName: c.dbName, physicalType: c.datasetPhysicalType })),
  );
}

/** Column refs with each feature's detected type. */
export function refs(result: IngestResult): ColumnRef[] {
  return result.columns.map((c) => ({ dbName: c.dbName, type: c.type, castFrom: c.datasetPhysicalType }));
}

/** All rows of a dataset as arrays, in column order, each column read as its detected type. */
export async function allRows(dataDir: string, datasetId: string, result: IngestResult): Promise<Cell[][]> {
  const source = await datasetSource(dataDir, datasetId, result);
  const columns = refs(result);
  const { rows } = await readDataset({ source, columns, limit: 10_000 });
  return rows.map((r) => columns.map((c) => r[c.dbName]));
}
