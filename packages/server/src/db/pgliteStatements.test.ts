import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from './pgliteStatements.ts';

/** PGlite with named statements answers exactly what PGlite's own query() answers, and stays usable. */
let pglite: PGlite;
let named: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create('memory://');
  named = withNamedStatements(pglite, 3);
  await pglite.exec(`
    create table t (id text primary key, n bigint, x double precision, ok boolean, at timestamptz, doc jsonb, tags text[]);
    insert into t values
      ('a', 1, 1.5, true, '2024-05-01T10:00:00Z', '{"k": [1, "two", null]}', '{x,y}'),
      ('b', 9007199254740993, -0.25, false, null, 'null', '{}'),
      ('c', null, null, null, '1999-12-31T23:59:59.999Z', '"text"', null);
  `);
});
afterAll(() => pglite?.close());

const prepared = async () =>
  Number((await pglite.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0].n);

describe('named statements for PGlite', () => {
  const cases: Array<[string, unknown[]]> = [
    ['select * from t order by id', []],
    ['select id, doc, tags from t where id = $1', ['a']],
    ['select id from t where n > $1 and ok = $2', [0, true]],
    ['select id, at from t where at < $1 or at is null order by id', [new Date('2024-01-01T00:00:00Z')]],
    ['select id from t where doc @> $1::jsonb', [JSON.stringify({ k: [1] })]],
    ['select id from t where id = any($1::text[])', [['a', 'c']]],
    ['select $1::text as v, $2::int as w', [null, undefined]],
  ];

  it.each(cases)('%s answers as query() does, in both row modes', async (text, params) => {
    for (const rowMode of ['object', 'array'] as const) {
      const expected = await pglite.query(text, params, { rowMode });
      expect(await named.query(text, params, { rowMode })).toEqual(expected);
      expect(await named.query(text, params, { rowMode })).toEqual(expected);
    }
  });

  it('keeps at most `max` statements, closing the oldest', async () => {
    for (let i = 0; i < 6; i++) await named.query(`select ${i} as v`);
    await named.query('select 1 as again');
    expect(await prepared()).toBeLessThanOrEqual(3);
  });

  it('reports a failing statement and stays usable', async () => {
    await expect(named.query('select * from missing_table')).rejects.toThrow(/missing_table/);
    await expect(named.query('select 1 / $1::int as v', [0])).rejects.toThrow(/division by zero/);
    expect((await named.query<{ v: number }>('select 2 as v')).rows).toEqual([{ v: 2 }]);
  });

  it('prepares anew when a table changed under a kept statement', async () => {
    await pglite.exec('create table u (a int); insert into u values (1)');
    expect((await named.query('select * from u')).rows).toEqual([{ a: 1 }]);
    await pglite.exec('alter table u add column b int');
    expect((await named.query('select * from u')).rows).toEqual([{ a: 1, b: null }]);
  });

  it('never runs inside a transaction of another flow: it waits for the commit', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = named.transaction(async (tx) => {
      await tx.query(`insert into t (id) values ('d')`);
      await held;
    });
    const read = named.query<{ id: string }>('select id from t where id = $1', ['d']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await read).rows).toEqual([{ id: 'd' }]);
  });

  it('leaves writes to query(): they are not kept', async () => {
    const before = await prepared();
    await named.query(`insert into t (id) values ($1)`, ['e']);
    await named.query(`update t set ok = $1 where id = $2`, [true, 'e']);
    expect(await prepared()).toBe(before);
  });
});
