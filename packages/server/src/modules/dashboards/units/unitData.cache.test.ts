import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { UnitData } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../platform/tenancy.tables.ts';
import { as, buildNode } from '../../../test/harness.ts';
import { appendCsv } from '../../datasets/datasets.fixtures.ts';
import type { Person } from '../../projects/projects.fixtures.ts';
import { type CardsWorld, cardsWorld, featureId, idRegionTable } from './unitData.fixtures.ts';

/**
 * The card result cache (platform/resultCache.ts): identical card requests at the same data version are answered
 * from it (`x-tessera-cache: hit`), a change to the data makes them compute afresh, and readers of different
 * rights never share an entry. With Redis (when it answers), a second API process on the same database is
 * answered from what the first one computed; without it the cache is the process's memory.
 */
const REDIS_URL = 'redis://127.0.0.1:6379';
const REDIS_PREFIX = `test-${randomBytes(6).toString('hex')}:`;
let redisUp = false;
let w: CardsWorld;
const redisApps: FastifyInstance[] = [];
let tableId: string;

const redisAnswers = () =>
  new Promise<boolean>((resolve) => {
    const socket = connect(6379, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  redisUp = await redisAnswers();
  if (!redisUp) console.warn(`The result cache is tested in memory only: Redis does not answer at ${REDIS_URL}`);
  w = await cardsWorld();
  await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
  tableId = await idRegionTable(w);
}, 420_000);
afterAll(async () => {
  const redis = redisApps[0]?.ctx.redis;
  const keys = redis ? await redis.keys(`${REDIS_PREFIX}*`) : [];
  if (keys.length) await redis!.del(keys);
  await Promise.all(redisApps.map((app) => app.close()));
  await w?.t.close();
});

const amountAbove = (x: number) => ({
  _id: 'a',
  type: 'value',
  operation: 'greater',
  value: x,
  feature: { id: featureId(w.sales, 'amount') },
});

type Reader = 'visitor' | 'viewer' | 'dashboardsOnly';
async function ask(who: Reader, body: object, app = w.t.app) {
  const url =
    who === 'visitor'
      ? `/api/v1/public/dashboards/${w.dashboard._id}/units/${tableId}/data`
      : `/api/v1/units/${tableId}/data`;
  const person: Person | undefined = who === 'visitor' ? undefined : w[who];
  const res = await as(app, person?.token)({ method: 'POST', url, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json() as UnitData;
  return { cache: res.headers['x-tessera-cache'], ids: (answer.data as Array<{ id: number }>).map((r) => r.id) };
}

describe('the card result cache', () => {
  it('answers an identical request from the cache, with the same answer', async () => {
    const first = await ask('viewer', { filters: [amountAbove(60)] });
    const again = await ask('viewer', { filters: [amountAbove(60)] });
    expect(first.cache).toBe('miss');
    expect(again).toEqual({ ...first, cache: 'hit' });
    // Another page, another filter: another entry.
    expect((await ask('viewer', { filters: [amountAbove(61)] })).cache).toBe('miss');
  });

  it('never answers a reader of other rights from an entry of a reader who may read more', async () => {
    // The viewer may filter on the hidden column amount; a public visitor and a View Dashboards member may not
    // (their filter on it is dropped): the same body must not answer them the viewer's filtered rows.
    const body = { filters: [amountAbove(70)] };
    const viewer = await ask('viewer', body);
    const visitor = await ask('visitor', body);
    const dashboardsOnly = await ask('dashboardsOnly', body);
    expect(visitor.ids).toHaveLength(40);
    expect(dashboardsOnly.ids).toHaveLength(40);
    expect(viewer.ids.length).toBeLessThan(40);
    // And the other way round: the viewer is not answered the visitors' unfiltered rows.
    const narrower = { filters: [amountAbove(80)] };
    expect((await ask('visitor', narrower)).ids).toHaveLength(40);
    expect((await ask('viewer', narrower)).ids.length).toBeLessThan(viewer.ids.length);
    // Readers of the same visibility share an entry: their filter on amount is dropped, so the key is the
    // unfiltered query the first visitor computed above.
    expect((await ask('dashboardsOnly', { filters: [amountAbove(90)] })).cache).toBe('hit');
    expect((await ask('visitor', { filters: [amountAbove(90)] })).cache).toBe('hit');
  });

  it('computes afresh once the data changed (a new data version)', async () => {
    const before = await ask('visitor', {});
    expect((await ask('visitor', {})).cache).toBe('hit');
    const job = await appendCsv(w, w.sales._id, 'order_id,region,amount,qty,day,note\n41,North,1.5,1,2024-05-05,new');
    expect(job.status, job.message ?? '').toBe('completed');
    const after = await ask('visitor', {});
    expect(after.cache).toBe('miss');
    expect(after.ids).toEqual([...before.ids, 41]);
    expect((await ask('visitor', {})).cache).toBe('hit');
  }, 120_000);

  it('with Redis, a second API process is answered from what the first computed', async (ctx) => {
    if (!redisUp) return ctx.skip();
    // Two more API processes on the world's database and store (its data, its segments), sharing Redis; in this
    // test process they share its DATA_DIR too (one DuckDB engine per process).
    for (let i = 0; i < 2; i++)
      redisApps.push(await buildNode(w.t, { ROLE: 'api', REDIS_URL, REDIS_PREFIX }, w.t.dataDir));
    const [one, two] = redisApps as [FastifyInstance, FastifyInstance];
    const body = { filters: [amountAbove(33)] };
    const first = await ask('viewer', body, one);
    expect(first.cache).toBe('miss');
    expect(await ask('viewer', body, two)).toEqual({ ...first, cache: 'hit' });
    expect((await ask('visitor', body, two)).cache).toBe('miss');
    expect((await ask('visitor', body, one)).cache).toBe('hit');
  }, 60_000);
});
