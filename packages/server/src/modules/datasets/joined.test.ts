import type { DatasetDetail } from '@tessera/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appendCsv,
  caller,
  type DatasetsWorld,
  datasetsWorld,
  importCsv,
  rowsByName,
  sendFile,
} from './datasets.fixtures.ts';

let w: DatasetsWorld;
let orders: DatasetDetail;
let customers: DatasetDetail;
const fid = (d: DatasetDetail, name: string) => d.features.find((x) => x.name === name)!._id;

beforeAll(async () => {
  w = await datasetsWorld();
  orders = await importCsv(w, 'orders', 'order,customer,total\n1,c1,10\n2,c2,20\n3,c9,5\n');
  customers = await importCsv(w, 'customers', 'customer,name\nc1,Ada\nc2,Alan\nc3,Grace\n');
});
afterAll(() => w?.t.close());

const joinBody = (type: string, on = [[fid(orders, 'customer'), fid(customers, 'customer')]]) => ({
  type: 'joined',
  name: `orders ${type}`,
  projectId: w.projectId,
  source: { join: [{ _id: orders._id, type, on }, { _id: customers._id }] },
});

describe('joined datasets', () => {
  it('derives its features from both sources, prefixing names both use, and reads the join', async () => {
    const res = await caller(w, w.editor)('POST', '/api/v1/datasets', joinBody('left'));
    expect(res.statusCode, res.body).toBe(200);
    const joined: DatasetDetail = res.json();
    expect(joined).toMatchObject({ type: 'joined', imported: true, source: { join: joinBody('left').source.join } });
    expect(joined.features.map((f) => [f.name, f.type, f.db.name])).toEqual([
      ['order', 'number', 'l_c0'],
      ['orders.customer', 'text', 'l_c1'],
      ['total', 'number', 'l_c2'],
      ['customers.customer', 'text', 'r_c0'],
      ['name', 'text', 'r_c1'],
    ]);
    expect(joined.features.find((f) => f.name === 'total')!.stats).toEqual({ min: 5, max: 20, avg: 35 / 3 });
    const rows = await rowsByName(w, joined, '', { orderBy: [{ featureId: fid(joined, 'order'), direction: 'ASC' }] });
    expect(rows).toEqual([
      { order: 1, 'orders.customer': 'c1', total: 10, 'customers.customer': 'c1', name: 'Ada' },
      { order: 2, 'orders.customer': 'c2', total: 20, 'customers.customer': 'c2', name: 'Alan' },
      { order: 3, 'orders.customer': 'c9', total: 5, 'customers.customer': null, name: null },
    ]);
    const inner = (await caller(w, w.editor)('POST', '/api/v1/datasets', joinBody('inner'))).json();
    expect(await rowsByName(w, inner)).toHaveLength(2);
    const full = (await caller(w, w.editor)('POST', '/api/v1/datasets', joinBody('full'))).json();
    expect(await rowsByName(w, full)).toHaveLength(4);
  });

  it('follows its sources: after an append to a source, the join shows the new rows', async () => {
    const joined: DatasetDetail = (await caller(w, w.editor)('POST', '/api/v1/datasets', joinBody('inner'))).json();
    expect(await rowsByName(w, joined)).toHaveLength(2);
    expect((await appendCsv(w, orders._id, 'order,customer,total\n4,c3,40\n')).status).toBe('completed');
    const rows = await rowsByName(w, joined, '', { orderBy: [{ featureId: fid(joined, 'order'), direction: 'ASC' }] });
    expect(rows.map((r) => [r.order, r.name])).toEqual([
      [1, 'Ada'],
      [2, 'Alan'],
      [4, 'Grace'],
    ]);
    // Its stored stats followed too.
    const shown = (await caller(w, w.viewer)('GET', `/api/v1/datasets/${joined._id}`)).json();
    expect(shown.features.find((f: { name: string }) => f.name === 'total').stats.max).toBe(40);
    // A joined dataset takes no upload or append of its own.
    const append = await sendFile(w, w.editor, 'PUT', `/api/v1/datasets/${joined._id}/append`, 'a.csv', 'x\n1\n');
    expect(append.statusCode).toBe(400);
  });

  it('checks the join: two different datasets of the project, columns of each side, a known type', async () => {
    const post = (body: object) => caller(w, w.editor)('POST', '/api/v1/datasets', body);
    const same = joinBody('left');
    same.source.join[1] = { _id: orders._id };
    expect((await post(same)).json().error.fields).toEqual({ 'source.join': 'Choose two different datasets' });
    const swapped = joinBody('left', [[fid(customers, 'customer'), fid(orders, 'customer')]]);
    expect((await post(swapped)).json().error.fields).toEqual({
      'source.join.0.on.0': 'Choose a column of each dataset',
    });
    expect((await post(joinBody('cross'))).statusCode).toBe(400);
    expect((await post(joinBody('left', []))).statusCode).toBe(400);
    expect((await post({ ...joinBody('left'), name: ' ' })).json().error.fields).toMatchObject({ name: 'Required' });
    // A dataset of another project (here, another organization's) cannot be joined, and is not revealed.
    const theirs = await caller(w, w.outsider)('POST', '/api/v1/datasets', {
      name: 'x',
      projectId: w.outsiderProjectId,
    });
    const foreign = joinBody('left');
    foreign.source.join[1] = { _id: theirs.json()._id };
    const res = await post(foreign);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Both datasets must be in the same project as the joined dataset.');
    expect((await caller(w, w.viewer)('POST', '/api/v1/datasets', joinBody('left'))).statusCode).toBe(403);
  });

  it('keeps its sources: a source or a join column cannot be deleted while a join reads it', async () => {
    const left = await importCsv(w, 'left side', 'k,v\n1,a\n');
    const right = await importCsv(w, 'right side', 'k,w\n1,b\n');
    const body = {
      type: 'joined',
      name: 'pair',
      projectId: w.projectId,
      source: { join: [{ _id: left._id, type: 'inner', on: [[fid(left, 'k'), fid(right, 'k')]] }, { _id: right._id }] },
    };
    const joined = (await caller(w, w.editor)('POST', '/api/v1/datasets', body)).json();
    const edit = caller(w, w.editor);
    expect((await edit('DELETE', `/api/v1/datasets/${right._id}`)).statusCode).toBe(409);
    expect((await edit('DELETE', `/api/v1/features/${fid(left, 'k')}`)).statusCode).toBe(409);
    expect((await edit('DELETE', `/api/v1/features/${fid(left, 'v')}`)).statusCode).toBe(200);
    // The joined feature of a deleted source feature is left out of the join's rows.
    expect(await rowsByName(w, joined)).toEqual([{ 'left side.k': 1, 'right side.k': 1, w: 'b' }]);
    expect((await edit('DELETE', `/api/v1/datasets/${joined._id}`)).statusCode).toBe(200);
    expect((await edit('DELETE', `/api/v1/datasets/${right._id}`)).statusCode).toBe(200);
  });
});
