import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteClient } from './boss.ts';

describe('the PGlite client pg-boss speaks through', () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create('memory://');
  });
  afterAll(() => pglite?.close());

  it('runs parameterless SQL of several statements (as pg-boss migrations are) and answers the last rows', async () => {
    const client = pgliteClient(pglite);
    const { rows } = await client.executeSql(`
      BEGIN;
      CREATE SCHEMA s;
      CREATE TABLE s.t (id int, data jsonb, ids uuid[]);
      INSERT INTO s.t VALUES (1, '{"a":1}', NULL);
      COMMIT;
      SELECT id FROM s.t;
    `);
    expect(rows).toEqual([{ id: 1 }]);
  });

  it('binds parameters (objects as jsonb, arrays, nulls) in one statement', async () => {
    const client = pgliteClient(pglite);
    await client.executeSql('INSERT INTO s.t VALUES ($1, $2, $3::uuid[])', [
      2,
      { b: [1, 2] },
      ['01234567-89ab-cdef-0123-456700000000'],
    ]);
    const { rows } = await client.executeSql('SELECT data, ids FROM s.t WHERE id = $1 AND $2::text IS NULL', [2, null]);
    expect(rows).toEqual([{ data: { b: [1, 2] }, ids: ['01234567-89ab-cdef-0123-456700000000'] }]);
    await expect(client.executeSql('SELECT $1::int; SELECT 2', [1])).rejects.toThrow();
  });
});
