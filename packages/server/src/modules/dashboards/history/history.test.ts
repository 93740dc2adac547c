import { type DashboardVersion, EDIT_SESSION_HEADER, PROJECT_ROLE_PRESETS, type Unit } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../platform/ids.ts';
import { projects } from '../../../platform/tenancy.tables.ts';
import { importCsv } from '../../datasets/datasets.fixtures.ts';
import { membership, type Person, person } from '../../projects/projects.fixtures.ts';
import { addTab, addUnit, createDashboard, detail } from '../dashboards.fixtures.ts';
import {
  byRegion,
  type CardsWorld,
  cardsWorld,
  categoryFilter,
  expectSums,
  featureId,
  ORDERS,
  orders,
  ref,
  sumByRegion,
} from '../units/unitData.fixtures.ts';
import { dashboardSteps, dashboardVersions } from './history.tables.ts';

/**
 * A data app's history (docs/data-apps.md "History"): every saved change makes a version with who, when and
 * what in words; restore makes a new version equal to an old one; undo and redo revert one's own steps, never
 * someone else's newer work. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let w: CardsWorld;
let bob: Person;

beforeAll(async () => {
  w = await cardsWorld();
  const [{ org }] = await w.t.database.db
    .select({ org: projects.organizationId })
    .from(projects)
    .where(eq(projects.id, w.projectId));
  bob = await person(w.t.database.db, org, undefined, 'Bob');
  await membership(w.t.database.db, bob.id, w.projectId, PROJECT_ROLE_PRESETS.full);
});
afterAll(() => w?.t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A call as `who`, from the editing session `session`, read in `lang`. */
function as(who: Person | undefined, session?: string, lang = 'en') {
  return async (method: Method, url: string, payload?: object) => {
    const res = await w.t.app.inject({
      method,
      url,
      headers: {
        ...(who ? { authorization: `Bearer ${who.token}` } : {}),
        ...(session ? { [EDIT_SESSION_HEADER]: session } : {}),
        'accept-language': lang,
      },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
}
const session = () => `s-${newId()}`;

async function versions(dashboardId: string, who: Person = w.editor, lang = 'en', query = '') {
  const res = await as(who, undefined, lang)('GET', `/api/v1/dashboards/${dashboardId}/versions${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { versions: DashboardVersion[]; total: number; people: Array<{ _id: string }> };
}
const summaries = async (dashboardId: string, lang = 'en') =>
  (await versions(dashboardId, w.editor, lang)).versions.map((v) => v.summary);

async function ok(call: Promise<{ status: number; body: unknown }>) {
  const res = await call;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // biome-ignore lint/suspicious/noExplicitAny: read loosely, each use names its fields
  return res.body as Record<string, any>;
}

async function chart(tabId: string, name: string, vis: object = sumByRegion(w.sales)): Promise<Unit> {
  const { unit } = await addUnit(w.t, w.editor, tabId);
  await ok(as(w.editor)('PUT', `/api/v1/units/${unit._id}`, { name }));
  return (await ok(as(w.editor)('PUT', `/api/v1/units/${unit._id}`, { type: 'chart', vis }))) as Unit;
}
const cardData = async (unitId: string, who: Person = w.editor) =>
  ok(as(who)('POST', `/api/v1/units/${unitId}/data`, {})) as never;

describe('versions', () => {
  it('each kind of change makes a version whose summary says who did what, in English and French', async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId, { name: 'Weather' });
    const put = as(w.editor);
    const tabId = d.tabs[0];
    await ok(put('PUT', `/api/v1/dashboards/${d._id}`, { name: 'Sky' }));
    await ok(put('PUT', `/api/v1/dashboards/${d._id}`, { display: { hide: { hideCommandBar: true } } }));
    const costs = await addTab(w.t, w.editor, d._id, 'Costs');
    await ok(put('PUT', `/api/v1/tabs/${costs._id}`, { name: 'Spend' }));
    await ok(put('PUT', `/api/v1/dashboards/${d._id}`, { tabs: [costs._id, tabId] }));
    const rain = await chart(tabId, 'Rain by month');
    const moved = await ok(put('PUT', `/api/v1/tabs/${tabId}`, { layout: [{ i: rain._id, x: 0, y: 4, w: 12, h: 3 }] }));
    expect(moved.layout[0]).toMatchObject({ y: 4 });
    await ok(put('PUT', `/api/v1/tabs/${tabId}`, { layout: [{ i: rain._id, x: 0, y: 4, w: 6, h: 3 }] }));
    const max = {
      ...sumByRegion(w.sales),
      dependent: [{ series: [{ id: 'amt', feature: ref(w.sales, 'amount'), operation: 'max' }] }],
    };
    await ok(put('PUT', `/api/v1/units/${rain._id}`, { vis: max }));
    await ok(put('PUT', `/api/v1/units/${rain._id}`, { vis: { ...max, display: { legend: { show: false } } } }));
    await ok(
      put('POST', `/api/v1/tabs/${tabId}/filters`, {
        type: 'category',
        operation: 'equal',
        value: ['North'],
        feature: { id: featureId(w.sales, 'region') },
      }),
    );
    await ok(put('DELETE', `/api/v1/tabs/${tabId}/units/${rain._id}`));
    await ok(put('DELETE', `/api/v1/dashboards/${d._id}/tabs/${costs._id}`));

    expect(await summaries(d._id)).toEqual([
      "Editor User deleted the tab 'Spend'",
      "Editor User deleted 'Rain by month'",
      "Editor User changed the filters of the tab 'Tab 1'",
      "Editor User changed the display settings of 'Rain by month'",
      "Editor User changed the mapping of 'Rain by month' — Y: sum amount → max amount",
      "Editor User resized 'Rain by month'",
      "Editor User moved 'Rain by month'",
      "Editor User changed the mapping of 'Rain by month' — X: ∅ → region; Y: ∅ → sum amount (and other changes)",
      "Editor User renamed '' → 'Rain by month'",
      'Editor User added an untitled card',
      'Editor User reordered the tabs',
      "Editor User renamed the tab 'Costs' → 'Spend'",
      "Editor User added the tab 'Costs'",
      'Editor User hid the model bar',
      "Editor User renamed the data app 'Weather' → 'Sky'",
      'Editor User created the data app',
    ]);
    const fr = await summaries(d._id, 'fr');
    expect(fr[0]).toBe("Editor User a supprimé l'onglet 'Spend'");
    expect(fr[4]).toBe("Editor User a modifié le mappage de 'Rain by month' — Y: sum amount → max amount");
    const list = await versions(d._id);
    expect(list.total).toBe(16);
    expect(list.versions.map((v) => v.number)).toEqual([...Array(16)].map((_, i) => 16 - i));
    expect(list.versions[0]).toMatchObject({ kind: 'tabDeleted', user: { _id: w.editor.id } });
    expect(list.versions[9].changes).toContainEqual(
      expect.objectContaining({ path: ['units', rain._id], after: expect.objectContaining({ tabId }) }),
    );
    expect(Date.parse(list.versions[0].time)).not.toBeNaN();
  });

  it("one person's changes of one kind on one object within the window are one version; another's are not", async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const card = await chart(d.tabs[0], 'Wind');
    const before = (await versions(d._id)).total;
    for (const y of [1, 2, 3]) {
      await ok(as(w.editor)('PUT', `/api/v1/tabs/${d.tabs[0]}`, { layout: [{ i: card._id, x: 0, y, w: 12, h: 3 }] }));
    }
    let list = await versions(d._id);
    expect(list.total).toBe(before + 1);
    expect(list.versions[0].summary).toBe("Editor User moved 'Wind'");
    expect(list.versions[0].changes).toEqual([
      { path: ['tabs', d.tabs[0], 'layout', card._id, 'y'], before: 0, after: 3 },
    ]);
    await ok(as(bob)('PUT', `/api/v1/tabs/${d.tabs[0]}`, { layout: [{ i: card._id, x: 0, y: 5, w: 12, h: 3 }] }));
    await ok(as(w.editor)('PUT', `/api/v1/tabs/${d.tabs[0]}`, { layout: [{ i: card._id, x: 0, y: 6, w: 12, h: 3 }] }));
    list = await versions(d._id);
    expect(list.total).toBe(before + 3);
    expect(list.versions.slice(0, 3).map((v) => v.summary)).toEqual([
      "Editor User moved 'Wind'",
      "Bob User moved 'Wind'",
      "Editor User moved 'Wind'",
    ]);
    // Filter by person.
    const bobs = await versions(d._id, w.editor, 'en', `?user=${bob.id}`);
    expect(bobs.total).toBe(1);
    expect(list.people.map((p) => p._id).sort()).toEqual([w.editor.id, bob.id].sort());
  });

  it('a restore of a version before a card was deleted brings it back with its mapping, place and numbers', async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const tabId = d.tabs[0];
    const card = await chart(tabId, 'Amounts');
    await ok(as(w.editor)('PUT', `/api/v1/tabs/${tabId}`, { layout: [{ i: card._id, x: 6, y: 2, w: 6, h: 4 }] }));
    const shown = await cardData(card._id);
    expectSums(shown, orders());
    const before = await detail(w.t, w.editor, d._id);
    await ok(as(w.editor)('DELETE', `/api/v1/tabs/${tabId}/units/${card._id}`));
    expect((await as(w.editor)('POST', `/api/v1/units/${card._id}/data`, {})).status).toBe(404);

    const list = await versions(d._id);
    const beforeDelete = list.versions[1];
    const preview = await ok(as(w.viewer)('GET', `/api/v1/dashboards/${d._id}/versions/${beforeDelete._id}`));
    expect(preview.units).toEqual(before.units);
    expect(preview.tabs).toEqual(before.tabs);
    expect(preview.differences).toEqual([
      { type: 'card', _id: card._id, name: 'Amounts', change: 'removed', aspects: [] },
    ]);
    expect(preview.missingCards).toEqual([]);
    // The preview draws the card as it was, with today's data, for whoever may view the app.
    const then = await ok(
      as(w.dashboardsOnly)(
        'POST',
        `/api/v1/dashboards/${d._id}/versions/${beforeDelete._id}/units/${card._id}/data`,
        {},
      ),
    );
    expect(byRegion(then as never)).toEqual(byRegion(shown));
    const outsider = `/api/v1/dashboards/${d._id}/versions/${beforeDelete._id}/units/${card._id}/data`;
    expect((await as(w.outsider)('POST', outsider, {})).status).toBe(404);

    const restored = await ok(as(w.editor)('POST', `/api/v1/dashboards/${d._id}/versions/${beforeDelete._id}/restore`));
    expect(restored.version).toMatchObject({ number: list.total + 1, kind: 'restored' });
    expect(restored.version.summary).toBe(`Editor User restored version ${beforeDelete.number}`);
    const after = await detail(w.t, w.editor, d._id);
    expect(after.units).toEqual(before.units);
    expect(after.tabs).toEqual(before.tabs);
    expect(byRegion(await cardData(card._id))).toEqual(byRegion(shown));
    // History is never rewritten: the versions before stay as they were, the restore is one more.
    const again = await versions(d._id);
    expect(again.total).toBe(list.total + 1);
    expect(again.versions.slice(1)).toEqual(list.versions);
    expect(
      (await ok(as(w.editor)('GET', `/api/v1/dashboards/${d._id}/versions/${beforeDelete._id}`))).differences,
    ).toEqual([]);
  });

  it("a version's preview is the app with the filters saved then, and its cards are computed under them", async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const tabId = d.tabs[0];
    const card = await chart(tabId, 'Amounts');
    const north = categoryFilter(w.sales, 'region', ['North']);
    await ok(as(w.editor)('POST', `/api/v1/tabs/${tabId}/filters`, north));
    const filtered = (await versions(d._id)).versions[0];
    // Bob's change (another person's: a version of its own, not folded into the editor's).
    await ok(as(bob)('DELETE', `/api/v1/tabs/${tabId}/filters`));
    expectSums(await cardData(card._id), orders());

    const url = `/api/v1/dashboards/${d._id}/versions/${filtered._id}`;
    const preview = await ok(as(w.viewer)('GET', url));
    expect(preview.tabs[0].filters).toMatchObject([{ type: 'category', value: ['North'], feature: north.feature }]);
    expect(preview.differences).toEqual([
      { type: 'tab', _id: tabId, name: expect.any(String), change: 'changed', aspects: ['filters'] },
    ]);
    // Asked without filters (as the preview asks with the version's own), the card is computed as it was then.
    const then = await ok(as(w.viewer)('POST', `${url}/units/${card._id}/data`, {}));
    expectSums(
      then as never,
      orders().filter((o) => o.region === 'North'),
    );
    const latest = (await versions(d._id)).versions[0];
    const now = await ok(as(w.viewer)('GET', `/api/v1/dashboards/${d._id}/versions/${latest._id}`));
    expect(now.tabs[0].filters).toEqual([]);
    expectSums(
      (await ok(
        as(w.viewer)('POST', `/api/v1/dashboards/${d._id}/versions/${latest._id}/units/${card._id}/data`, {}),
      )) as never,
      orders(),
    );
  });

  it('a card whose dataset was deleted since comes back marked, and shows the not-found placeholder', async () => {
    const gone = await importCsv(w, 'gone', ORDERS);
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const card = await chart(d.tabs[0], 'Old', sumByRegion(gone));
    await ok(as(w.editor)('DELETE', `/api/v1/tabs/${d.tabs[0]}/units/${card._id}`));
    const [, beforeDelete] = (await versions(d._id)).versions;
    expect((await as(w.editor)('DELETE', `/api/v1/datasets/${gone._id}`)).status).toBe(200);
    const preview = await ok(as(w.editor)('GET', `/api/v1/dashboards/${d._id}/versions/${beforeDelete._id}`));
    expect(preview.missingCards).toEqual([card._id]);
    const restored = await ok(as(w.editor)('POST', `/api/v1/dashboards/${d._id}/versions/${beforeDelete._id}/restore`));
    expect(restored.missingCards).toEqual([card._id]);
    const data = await cardData(card._id);
    expect((data as { error?: { code: string } }).error?.code).toBe('feature-deleted');
  });

  it('viewing needs dashboard view, restoring dashboard edit; other tenants and visitors get nothing', async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    await ok(as(w.editor)('PUT', `/api/v1/dashboards/${d._id}`, { name: 'Renamed' }));
    const [latest, first] = (await versions(d._id, w.dashboardsOnly)).versions;
    const url = `/api/v1/dashboards/${d._id}/versions`;
    expect((await as(w.dashboardsOnly)('GET', `${url}/${first._id}`)).status).toBe(200);
    expect((await as(w.dashboardsOnly)('POST', `${url}/${first._id}/restore`)).status).toBe(403);
    expect((await as(w.dashboardsOnly, session())('POST', `/api/v1/dashboards/${d._id}/undo`)).status).toBe(403);
    expect((await as(w.outsider)('GET', url)).status).toBe(404);
    expect((await as(w.outsider)('GET', `${url}/${first._id}`)).status).toBe(404);
    expect((await as(w.outsider)('POST', `${url}/${first._id}/restore`)).status).toBe(404);
    expect((await as(undefined)('GET', url)).status).toBe(401);
    // A version id of another data app, or none at all, is not found here.
    const other = await createDashboard(w.t, w.editor, w.projectId);
    const [otherFirst] = (await versions(other._id)).versions;
    expect((await as(w.editor)('GET', `${url}/${otherFirst._id}`)).status).toBe(404);
    expect((await as(w.editor)('POST', `${url}/${otherFirst._id}/restore`)).status).toBe(404);
    expect((await as(w.editor)('GET', `${url}/${newId()}`)).status).toBe(404);
    expect((await as(w.editor)('GET', `${url}/not-an-id`)).status).toBe(400);
    expect((await as(w.editor)('GET', `${url}?page=0`)).status).toBe(400);
    // Nothing changed by the refusals.
    expect((await versions(d._id)).versions[0]).toEqual(latest);
    expect((await detail(w.t, w.editor, d._id)).dashboard.name).toBe('Renamed');
  });

  it('the first and every 100th version keep a snapshot; rebuilding an old version reads from the nearest', async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const db = w.t.database.db;
    for (let i = 0; i < 102; i++) {
      // Alternate kinds so that no two fold into one version.
      const change = i % 2 ? { name: `App ${i}` } : { description: `Described ${i}` };
      await ok(as(w.editor)('PUT', `/api/v1/dashboards/${d._id}`, change));
    }
    const rows = await db
      .select({ number: dashboardVersions.number, snapshot: dashboardVersions.snapshot })
      .from(dashboardVersions)
      .where(eq(dashboardVersions.dashboardId, d._id));
    expect(
      rows
        .filter((r) => r.snapshot)
        .map((r) => r.number)
        .sort((a, b) => a - b),
    ).toEqual([1, 101]);
    const list = await versions(d._id, w.editor, 'en', '?page=1');
    expect(list.total).toBe(103);
    expect(list.versions).toHaveLength(50);
    const v50 = (await versions(d._id, w.editor, 'en', '?page=2')).versions.find((v) => v.number === 50)!;
    const v102 = list.versions.find((v) => v.number === 102)!;
    const at50 = await ok(as(w.editor)('GET', `/api/v1/dashboards/${d._id}/versions/${v50._id}`));
    const at102 = await ok(as(w.editor)('GET', `/api/v1/dashboards/${d._id}/versions/${v102._id}`));
    // Version n+1 is the i = n-1 change: odd i names, even i describes.
    expect(at50.dashboard).toMatchObject({ name: 'App 47', description: 'Described 48' });
    expect(at102.dashboard).toMatchObject({ name: 'App 99', description: 'Described 100' });
    const steps = await db.select().from(dashboardSteps).where(eq(dashboardSteps.dashboardId, d._id));
    expect(steps).toHaveLength(102);
  });
});

describe('undo and redo', () => {
  it('undoes one step at a time, redoes, and a new edit drops what could be redone', async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const card = await chart(d.tabs[0], 'Steps');
    const me = as(w.editor, session());
    const at = async () => (await detail(w.t, w.editor, d._id)).tabs[0].layout.find((i) => i.i === card._id)!;
    for (const y of [2, 4, 6]) {
      await ok(me('PUT', `/api/v1/tabs/${d.tabs[0]}`, { layout: [{ i: card._id, x: 0, y, w: 12, h: 3 }] }));
    }
    await ok(me('DELETE', `/api/v1/tabs/${d.tabs[0]}/units/${card._id}`));
    expect(await ok(me('GET', `/api/v1/dashboards/${d._id}/undo`))).toEqual({ undo: 4, redo: 0 });
    expect(await ok(me('POST', `/api/v1/dashboards/${d._id}/undo`))).toEqual({ undo: 3, redo: 1 });
    expect((await detail(w.t, w.editor, d._id)).units.map((u) => u._id)).toEqual([card._id]);
    expect(await at()).toMatchObject({ y: 6 });
    await ok(me('POST', `/api/v1/dashboards/${d._id}/undo`));
    expect(await at()).toMatchObject({ y: 4 });
    await ok(me('POST', `/api/v1/dashboards/${d._id}/undo`));
    await ok(me('POST', `/api/v1/dashboards/${d._id}/undo`));
    expect(await at()).toMatchObject({ y: 0 });
    expect(await ok(me('POST', `/api/v1/dashboards/${d._id}/redo`))).toEqual({ undo: 1, redo: 3 });
    expect(await at()).toMatchObject({ y: 2 });
    // The steps were server changes: another reader sees them, and they are versions.
    expect((await versions(d._id)).versions[0].summary).toBe("Editor User moved 'Steps'");
    await ok(me('PUT', `/api/v1/tabs/${d.tabs[0]}`, { layout: [{ i: card._id, x: 6, y: 2, w: 6, h: 3 }] }));
    expect(await ok(me('GET', `/api/v1/dashboards/${d._id}/undo`))).toEqual({ undo: 2, redo: 0 });
    const none = await me('POST', `/api/v1/dashboards/${d._id}/redo`);
    expect(none.status).toBe(409);
    expect(none.body.error.reason).toBe('history.nothingToRedo');
    // Another session of the same person has its own stack.
    expect(await ok(as(w.editor, session())('GET', `/api/v1/dashboards/${d._id}/undo`))).toEqual({ undo: 0, redo: 0 });
    const sessionless = await as(w.editor)('POST', `/api/v1/dashboards/${d._id}/undo`);
    expect(sessionless.status).toBe(400);
    expect(sessionless.body.error.reason).toBe('history.noSession');
  });

  it("refuses an undo that would overwrite someone else's newer change, naming them; nothing changes", async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const card = await chart(d.tabs[0], 'Shared');
    const other = await chart(d.tabs[0], 'Mine');
    const edith = as(w.editor, session());
    const bobs = as(bob, session());
    await ok(edith('PUT', `/api/v1/units/${other._id}`, { name: 'Mine too' }));
    await ok(edith('PUT', `/api/v1/units/${card._id}`, { name: 'Edith named it' }));
    await ok(bobs('PUT', `/api/v1/units/${card._id}`, { name: 'Bob named it' }));
    const before = await detail(w.t, w.editor, d._id);
    const total = (await versions(d._id)).total;
    const refused = await edith('POST', `/api/v1/dashboards/${d._id}/undo`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This can no longer be undone: Bob User has changed it since.');
    expect(refused.body.error.reason).toBe('history.undoConflict');
    expect(await detail(w.t, w.editor, d._id)).toEqual(before);
    expect((await versions(d._id)).total).toBe(total);
    // Bob's own undo is his to make; then Edith's goes through.
    await ok(bobs('POST', `/api/v1/dashboards/${d._id}/undo`));
    await ok(edith('POST', `/api/v1/dashboards/${d._id}/undo`));
    expect((await detail(w.t, w.editor, d._id)).units.find((u) => u._id === card._id)?.name).toBe('Shared');
  });

  it('at least 100 steps undo in order', async () => {
    const d = await createDashboard(w.t, w.editor, w.projectId);
    const me = as(w.editor, session());
    for (let i = 1; i <= 101; i++) {
      await ok(me('PUT', `/api/v1/dashboards/${d._id}`, i % 2 ? { name: `N${i}` } : { description: `D${i}` }));
    }
    for (let i = 0; i < 101; i++) await ok(me('POST', `/api/v1/dashboards/${d._id}/undo`));
    const back = (await detail(w.t, w.editor, d._id)).dashboard;
    expect(back).toMatchObject({ name: 'Sales', description: '' });
    expect(await ok(me('GET', `/api/v1/dashboards/${d._id}/undo`))).toEqual({ undo: 0, redo: 101 });
  });
});
