import type { DatasetDetail } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld, importCsv, rowsByName } from './datasets.fixtures.ts';

let w: DatasetsWorld;
let dataset: DatasetDetail;
const f = (name: string) => dataset.features.find((x) => x.name === name)!._id;

// 120 rows: n = 1..120, parity, a code kept as text, a score with one value per ten rows empty.
const CSV = [
  'n,parity,code,score',
  ...Array.from({ length: 120 }, (_, i) => {
    const n = i + 1;
    return `${n},${n % 2 ? 'odd' : 'even'},${String(n).padStart(4, '0')},${n % 10 === 0 ? '' : n * 1.5}`;
  }),
].join('\n');

beforeAll(async () => {
  w = await datasetsWorld();
  dataset = await importCsv(w, 'numbers', CSV);
});
afterAll(() => w?.t.close());

const data = (query: string, body: object = {}) =>
  caller(w, w.viewer)('POST', `/api/v1/datasets/${dataset._id}/data${query}`, body);

describe('POST /api/v1/datasets/:id/data', () => {
  it('answers 50 rows a page by default, keyed by feature id, with the pages', async () => {
    const res = await data('');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.list).toHaveLength(50);
    expect(body.pages).toEqual({ current: 1, total: 3, hasNext: true, hasPrev: false, next: 2, prev: null });
    expect(body).toMatchObject({ count: 120, jobId: null });
    expect(body.list[0]).toEqual({ [f('n')]: 1, [f('parity')]: 'odd', [f('code')]: '0001', [f('score')]: 1.5 });
    const last = (await data('?page=3')).json();
    expect(last.list).toHaveLength(20);
    expect(last.list[19][f('n')]).toBe(120);
    expect(last.pages).toEqual({ current: 3, total: 3, hasNext: false, hasPrev: true, next: null, prev: 2 });
    expect((await data('?page=4')).json().list).toEqual([]);
  });

  it('checks page and limit (at most 1000)', async () => {
    expect((await data('?limit=1000')).json().list).toHaveLength(120);
    for (const q of ['?limit=1001', '?limit=0', '?page=0', '?page=x']) expect((await data(q)).statusCode).toBe(400);
  });

  it('filters and orders by feature; a filter that does not fit its type answers 400', async () => {
    const body = {
      filters: [
        { featureId: f('parity'), operation: 'equal', values: ['even'] },
        { featureId: f('n'), operation: 'between', from: 10, to: 30 },
      ],
      orderBy: [{ featureId: f('n'), direction: 'DESC' }],
    };
    const res = (await data('?limit=5', body)).json();
    expect(res.count).toBe(11);
    expect(res.list.map((r: Record<string, unknown>) => r[f('n')])).toEqual([30, 28, 26, 24, 22]);
    const empty = await data('', { filters: [{ featureId: f('score'), operation: 'empty' }] });
    expect(empty.json().count).toBe(12);
    const bad = await data('', { filters: [{ featureId: f('n'), operation: 'contains', value: '1' }] });
    expect(bad.statusCode).toBe(400);
    const unknown = await data('', { filters: [{ featureId: 'a'.repeat(24), operation: 'empty' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ 'filters.0': 'Not a feature of this dataset' });
  });

  it('leaves hidden features out and applies a changed type as a cast', async () => {
    const editor = caller(w, w.editor);
    expect((await editor('PUT', `/api/v1/features/${f('parity')}`, { hidden: true })).statusCode).toBe(200);
    const changed = await editor('PUT', `/api/v1/features/${f('code')}`, { type: 'number' });
    expect(changed.json()).toMatchObject({
      type: 'number',
      detectedType: 'text',
      stats: { min: 1, max: 120, avg: 60.5 },
    });
    const row = (await data('?limit=1')).json().list[0];
    expect(row).toEqual({ [f('n')]: 1, [f('code')]: 1, [f('score')]: 1.5 });
    // The download follows the same rules: visible features, cast types, the features' names as header.
    await editor('PUT', `/api/v1/features/${f('score')}`, { name: 'Score, final' });
    const csv = await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}/download`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('filename="numbers.csv"');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('n,code,"Score, final"');
    expect(lines.slice(1, 3)).toEqual(['1,1.0,1.5', '2,2.0,3.0']);
    expect(lines[10]).toBe('10,10.0,');
    expect(lines).toHaveLength(121);
    // Back to text: the stored values were never rewritten.
    await editor('PUT', `/api/v1/features/${f('code')}`, { type: 'text' });
    await editor('PUT', `/api/v1/features/${f('parity')}`, { hidden: false });
    const back = await rowsByName(w, dataset);
    expect(back[0]).toMatchObject({ code: '0001', parity: 'odd' });
  });

  it('reads one job of the dataset with jobId', async () => {
    const jobs = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}/jobs`)).json().jobs;
    const res = await data(`?jobId=${jobs[0]._id}&limit=1`);
    expect(res.json()).toMatchObject({ count: 120, jobId: jobs[0]._id });
    expect((await data(`?jobId=${'b'.repeat(24)}`)).statusCode).toBe(404);
  });
});
