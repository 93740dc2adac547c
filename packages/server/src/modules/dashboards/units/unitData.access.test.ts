import type { UnitData } from '@tessera/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDbKind } from '../../../test/harness.ts';
import { type CardsWorld, call, cardsWorld, ref, savedCard } from './unitData.fixtures.ts';
import { unitReader } from './units.store.ts';

/**
 * A card's access check and the card it hands over are kept between requests on PGlite (`ctx.resources`):
 * whatever changes what they read, in the API or straight in SQL, the very next request sees it.
 */
let w: CardsWorld;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w?.t.close());

const sumByRegion = (operation: string) => ({
  chartType: 'bar',
  independent: [{ series: [{ id: 'reg', feature: ref(w.sales, 'region'), operation: '' }] }],
  dependent: [{ series: [{ id: 'amt', feature: ref(w.sales, 'amount'), operation }] }],
});
const dataOf = (unitId: string, who = w.viewer) => call(w, who)('POST', `/api/v1/units/${unitId}/data`, {});
const exec = (query: ReturnType<typeof sql>) => w.t.database.db.execute(query);

describe('a card read for its access check', () => {
  it('follows at once every change to its card, place, project, organization and the caller’s membership', async () => {
    const unit = await savedCard(w, 'chart', sumByRegion('sum'));
    const first = (await dataOf(unit._id)).body as UnitData;
    expect(first.error).toBeNull();
    expect((await dataOf(unit._id)).body).toEqual(first);

    // The card's vis, changed in SQL: the answer follows.
    await exec(sql`update units set vis = ${JSON.stringify(sumByRegion('max'))}::jsonb where id = ${unit._id}`);
    const max = (await dataOf(unit._id)).body as UnitData;
    expect(max.data).not.toEqual(first.data);

    // The tab's saved filters.
    const north = [
      { _id: 'n', type: 'category', operation: 'equal', value: ['North'], feature: { id: ref(w.sales, 'region')._id } },
    ];
    await exec(sql`update tabs set filters = ${JSON.stringify(north)}::jsonb where id = ${w.tabId}`);
    expect(((await dataOf(unit._id)).body as UnitData).data).toHaveLength(1);
    await exec(sql`update tabs set filters = '[]'::jsonb where id = ${w.tabId}`);
    expect(((await dataOf(unit._id)).body as UnitData).data).toHaveLength(3);

    // The caller's membership: removed, then given back.
    const found = await exec(
      sql`select id, roles from permissions where user_id = ${w.viewer.id} and project_id = ${w.projectId}`,
    );
    const [membership] = (found as unknown as { rows: Array<{ id: string; roles: unknown }> }).rows;
    await exec(sql`delete from permissions where id = ${membership!.id}`);
    expect((await dataOf(unit._id)).status).toBe(404);
    await exec(
      sql`insert into permissions (id, project_id, user_id, roles) values (${membership!.id}, ${w.projectId}, ${w.viewer.id}, ${JSON.stringify(membership!.roles)}::jsonb)`,
    );
    expect((await dataOf(unit._id)).status).toBe(200);

    // The project's organization (the editor's own), deactivated: the editor is signed out.
    await exec(
      sql`update organizations set active = false where id = (select organization_id from projects where id = ${w.projectId})`,
    );
    expect((await dataOf(unit._id, w.editor)).status).toBe(401);
    await exec(
      sql`update organizations set active = true where id = (select organization_id from projects where id = ${w.projectId})`,
    );
    expect((await dataOf(unit._id, w.editor)).status).toBe(200);

    // The card deleted.
    await exec(sql`delete from units where id = ${unit._id}`);
    expect((await dataOf(unit._id)).status).toBe(404);
  });

  it(`${testDbKind === 'pglite' ? 'is read once while nothing changes' : 'is read on every request (PostgreSQL)'}`, async () => {
    const unit = await savedCard(w, 'chart', sumByRegion('sum'));
    const read = vi.spyOn(unitReader, 'read');
    try {
      await dataOf(unit._id);
      await dataOf(unit._id);
      await dataOf(unit._id, w.editor);
      // Each caller's access is its own: the viewer's read is not the editor's.
      expect(read).toHaveBeenCalledTimes(testDbKind === 'pglite' ? 2 : 3);
      await exec(sql`update dashboards set name = name where id = ${w.dashboard._id}`);
      await dataOf(unit._id);
      expect(read).toHaveBeenCalledTimes(testDbKind === 'pglite' ? 3 : 4);
    } finally {
      read.mockRestore();
    }
  });
});
