import type { DatasetDetail } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, type DatasetsWorld, datasetsWorld, importCsv } from '../datasets.fixtures.ts';

let w: DatasetsWorld;
let dataset: DatasetDetail;
const f = (name: string) => dataset.features.find((x) => x.name === name)!._id;

const CSV = ['city,year,price', 'Lyon,2020,10', 'Paris,2021,20', 'Lyon,n/a,30', 'Nice,2019,', 'Lyon,2022,40'].join(
  '\n',
);

beforeAll(async () => {
  w = await datasetsWorld();
  dataset = await importCsv(w, 'cities', CSV);
});
afterAll(() => w?.t.close());

describe('features', () => {
  it('lists a dataset’s features in column order, and a project’s features', async () => {
    const list = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}/features`)).json();
    expect(list.map((x: { name: string; type: string }) => [x.name, x.type])).toEqual([
      ['city', 'category'],
      ['year', 'text'],
      ['price', 'number'],
    ]);
    const all = (await caller(w, w.viewer)('GET', `/api/v1/features?projectId=${w.projectId}`)).json();
    expect(all.map((x: { _id: string }) => x._id)).toEqual(list.map((x: { _id: string }) => x._id));
  });

  it('previews values, distinct values, and a cast to another type beside the stored values', async () => {
    const view = caller(w, w.viewer);
    const preview = (await view('GET', `/api/v1/features/${f('year')}/data?limit=3`)).json();
    expect(preview).toEqual({ type: 'text', values: ['2020', '2021', 'n/a'] });
    const unique = (await view('GET', `/api/v1/features/${f('city')}/data?unique=true`)).json();
    expect(unique.values).toEqual(['Lyon', 'Nice', 'Paris']);
    const cast = (await view('GET', `/api/v1/features/${f('year')}/data?castedType=number`)).json();
    expect(cast).toEqual({
      type: 'number',
      values: [2020, 2021, null, 2019, 2022],
      original: ['2020', '2021', 'n/a', '2019', '2022'],
      // Over the whole feature: one value of five is not a number.
      report: { total: 5, unread: 1, examples: ['n/a'], formats: [] },
    });
    // Nothing was saved by the preview.
    expect((await view('GET', `/api/v1/datasets/${dataset._id}/features`)).json()[1].type).toBe('text');
    expect((await view('GET', `/api/v1/features/${f('year')}/data?castedType=bogus`)).statusCode).toBe(400);
  });

  it('says how many values a change to Date leaves unread, and offers the formats that read them (issue #20 item 4)', async () => {
    const days = await importCsv(
      w,
      'days',
      ['day,rain', 'Jan 1 2000,1', 'Feb 12 2000,2', 'Mar 3 2001,3', ',4'].join('\n'),
    );
    const day = days.features.find((x) => x.name === 'day')!._id;
    const view = caller(w, w.viewer);
    const asDate = (await view('GET', `/api/v1/features/${day}/data?castedType=date`)).json();
    expect(asDate.report.total).toBe(3);
    expect(asDate.report.unread).toBe(3);
    expect(asDate.report.examples).toEqual(['Jan 1 2000', 'Feb 12 2000', 'Mar 3 2001']);
    expect(asDate.report.formats[0]).toEqual({ format: '%b %d %Y', reads: 3 });
    expect(asDate.values.slice(0, 3)).toEqual([null, null, null]);
    // Previewed with the format offered: every value is read, nothing is saved.
    const withFormat = (
      await view('GET', `/api/v1/features/${day}/data?castedType=date&dateFormat=%25b%20%25d%20%25Y`)
    ).json();
    const days3 = (values: unknown[]) => values.slice(0, 3).map((v) => String(v).slice(0, 10));
    expect(days3(withFormat.values)).toEqual(['2000-01-01', '2000-02-12', '2001-03-03']);
    expect(withFormat.report).toMatchObject({ total: 3, unread: 0 });
    // A format outside the list is refused.
    expect((await view('GET', `/api/v1/features/${day}/data?castedType=date&dateFormat=%25Q`)).statusCode).toBe(400);
    // Applied with the type: the feature keeps its format, reads its dates and its stats follow.
    const edit = caller(w, w.editor);
    const changed = await edit('PUT', `/api/v1/features/${day}`, { type: 'date', dateFormat: '%b %d %Y' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ type: 'date', dateFormat: '%b %d %Y' });
    expect(String(changed.json().stats.min).slice(0, 10)).toBe('2000-01-01');
    expect(String(changed.json().stats.max).slice(0, 10)).toBe('2001-03-03');
    expect(days3((await view('GET', `/api/v1/features/${day}/data?limit=3`)).json().values)).toEqual([
      '2000-01-01',
      '2000-02-12',
      '2001-03-03',
    ]);
    expect((await edit('PUT', `/api/v1/features/${day}`, { dateFormat: 'DROP TABLE' })).statusCode).toBe(400);
  });

  it('answers stats and categories', async () => {
    const view = caller(w, w.viewer);
    expect((await view('GET', `/api/v1/features/${f('price')}/stats`)).json()).toEqual({
      min: 10,
      max: 40,
      avg: 25,
      count: 4,
      nulls: 1,
      distinct: 4,
    });
    expect((await view('GET', `/api/v1/features/${f('city')}/categories`)).json()).toEqual([
      { value: 'Lyon', count: 3 },
      { value: 'Nice', count: 1 },
      { value: 'Paris', count: 1 },
    ]);
  });

  it('renames, describes, hides and retypes; checks the input', async () => {
    const edit = caller(w, w.editor);
    const res = await edit('PUT', `/api/v1/features/${f('year')}`, {
      name: ' Year ',
      description: 'When',
      type: 'number',
    });
    expect(res.json()).toMatchObject({ name: 'Year', description: 'When', type: 'number', db: { name: 'c1' } });
    // Stats and preview follow the new type; 'n/a' reads as empty.
    expect(res.json().stats).toEqual({ min: 2019, max: 2022, avg: 2020.5 });
    expect(res.json().preview).toEqual([2020, 2021, null, 2019, 2022]);
    expect((await edit('PUT', `/api/v1/features/${f('year')}`, { name: '' })).json().error.fields).toEqual({
      name: 'Required',
    });
    expect((await edit('PUT', `/api/v1/features/${f('year')}`, { type: 'money' })).statusCode).toBe(400);
    expect((await edit('PUT', `/api/v1/features/${f('year')}`, { dbName: 'x' })).statusCode).toBe(400);
    expect((await caller(w, w.viewer)('PUT', `/api/v1/features/${f('year')}`, { hidden: true })).statusCode).toBe(403);
  });

  it('deletes a feature (edit only); another organization gets 404', async () => {
    expect((await caller(w, w.viewer)('DELETE', `/api/v1/features/${f('price')}`)).statusCode).toBe(403);
    expect((await caller(w, w.outsider)('GET', `/api/v1/features/${f('price')}/stats`)).statusCode).toBe(404);
    expect((await caller(w, w.editor)('DELETE', `/api/v1/features/${f('price')}`)).statusCode).toBe(200);
    const list = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${dataset._id}/features`)).json();
    expect(list.map((x: { name: string }) => x.name)).toEqual(['city', 'Year']);
    const row = (await caller(w, w.viewer)('POST', `/api/v1/datasets/${dataset._id}/data?limit=1`, {})).json().list[0];
    expect(Object.keys(row)).toEqual([f('city'), f('year')]);
    expect((await caller(w, w.editor)('GET', `/api/v1/features/${f('price')}/stats`)).statusCode).toBe(404);
  });
});
