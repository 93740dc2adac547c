import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { createBoss, pgliteClient, stopBoss, workOneAtATime } from './boss.ts';

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

describe('stopping pg-boss', () => {
  it('answers only once a fetch in flight when it stopped, and the outcome that fetch leads to, have ended', async () => {
    const pglite = await PGlite.create('memory://');
    let fetchStarted: () => void = () => {};
    const fetching = new Promise<void>((resolve) => {
      fetchStarted = resolve;
    });
    let slowFetches = false;
    let stopped = false;
    const late: string[] = [];
    // The statement that takes a queue's entries is held 300 ms, as a busy database would.
    const slowed = new Proxy(pglite, {
      get(target, property) {
        if (property === 'query') {
          return async (text: string, values?: unknown[]) => {
            if (stopped) late.push(text);
            if (slowFetches && /SKIP LOCKED/.test(text)) {
              fetchStarted();
              await sleep(300);
            }
            return target.query(text, values);
          };
        }
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const database = { kind: 'pglite', pglite: slowed } as unknown as Database;
    const boss = createBoss(database, { pollingSeconds: 0.5, log: pino({ level: 'silent' }) });
    try {
      await boss.start();
      await boss.createQueue('q', { name: 'q', policy: 'standard', retryLimit: 0, expireInSeconds: 60 });
      const id = await boss.send('q', {});
      slowFetches = true;
      await workOneAtATime(
        boss,
        'q',
        0.5,
        async () => {},
        () => false,
      );
      await fetching;
      await stopBoss(boss, 1000);
      stopped = true;
      await sleep(500);
      expect(late).toEqual([]);
      const { rows } = await pglite.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]);
      expect(rows[0]?.state).toBe('completed');
    } finally {
      await pglite.close();
    }
  });
});
