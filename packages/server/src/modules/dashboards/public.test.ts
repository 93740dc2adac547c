import { PROJECT_ROLE_PRESETS, type PublicDashboardDetail } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../../platform/access.ts';
import { newId } from '../../platform/ids.ts';
import { organizations, projects } from '../../platform/tenancy.tables.ts';
import { createOrganization } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';
import { addTab, addUnit, caller, createDashboard } from './dashboards.fixtures.ts';
import { dashboardPreviewTokens } from './dashboards.tables.ts';
import { issuePreviewToken } from './preview/preview.tokens.ts';
import { resolvePublicDashboard, resolvePublicTab, resolvePublicUnit } from './public.ts';

/**
 * The public family answers anonymously only for a dashboard of a public project of an active organization
 * that shares publicly (or for the renderer's preview token of that very dashboard), and only for that
 * dashboard's own tabs and cards. Everything else, tried anonymously or through a public dashboard's ids, fails.
 */
interface Built {
  id: string;
  tabs: string[];
  units: string[];
}

let t: TestApp;
let editor: Person;
let pub: Built; // public project, sharing organization: the one open dashboard
let sibling: Built; // another dashboard of the same public project
let secret: Built; // a private project of the same organization
let noSharing: Built; // a public project of an organization whose publicSharing is off
let inactive: Built; // a public project of a deactivated organization
let publicProjectId: string;

async function build(projectId: string): Promise<Built> {
  const d = await createDashboard(t, editor, projectId, { name: 'Open Data' });
  const second = await addTab(t, editor, d._id, 'Second');
  const u1 = (await addUnit(t, editor, d.tabs[0])).unit._id;
  const u2 = (await addUnit(t, editor, second._id)).unit._id;
  return { id: d._id, tabs: [d.tabs[0], second._id], units: [u1, u2] };
}

beforeAll(async () => {
  t = await createTestApp({ ROLE: 'api' });
  const db = t.database.db;
  const org = (await createOrganization(db)).id;
  editor = await person(db, org, undefined, 'Edith');
  const projectIn = async (organizationId: string, isPublic: boolean) => {
    const id = await project(db, organizationId, { public: isPublic });
    await membership(db, editor.id, id, PROJECT_ROLE_PRESETS.full);
    return id;
  };
  publicProjectId = await projectIn(org, true);
  pub = await build(publicProjectId);
  sibling = await build(publicProjectId);
  secret = await build(await projectIn(org, false));
  const closedOrg = (await createOrganization(db, { publicSharing: false })).id;
  noSharing = await build(await projectIn(closedOrg, true));
  const goneOrg = (await createOrganization(db)).id;
  inactive = await build(await projectIn(goneOrg, true));
  await db.update(organizations).set({ active: false }).where(eq(organizations.id, goneOrg));
});
afterAll(() => t?.close());

const anonymous = () => caller(t, undefined);

describe('the public dashboard', () => {
  it('answers anonymously with the dashboard, its tabs in order and their cards, naming nobody', async () => {
    const { status, body } = await anonymous()('GET', `/api/v1/public/dashboards/${pub.id}`);
    expect(status).toBe(200);
    const detail = body as PublicDashboardDetail;
    expect(detail.dashboard).toMatchObject({
      _id: pub.id,
      name: 'Open Data',
      projectId: publicProjectId,
      tabs: pub.tabs,
    });
    expect(detail.dashboard).not.toHaveProperty('user');
    expect(detail.dashboard).not.toHaveProperty('preview');
    expect(detail.tabs.map((x) => x._id)).toEqual(pub.tabs);
    expect(detail.units.map((u) => u._id).sort()).toEqual([...pub.units].sort());
    expect(JSON.stringify(body)).not.toMatch(/Edith|@example\.com/);
  });

  it.each([
    ['a private project', () => secret.id],
    ['an organization with publicSharing off', () => noSharing.id],
    ['a deactivated organization', () => inactive.id],
    ['an unknown id', () => newId()],
  ])('is 404 for a dashboard of %s', async (_label, id) => {
    const res = await anonymous()('GET', `/api/v1/public/dashboards/${id()}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not-found');
    expect((await anonymous()('GET', `/api/v1/public/dashboards/${id()}/preview.png`)).status).toBe(404);
  });

  it('closes as soon as the project turns private or the organization stops sharing', async () => {
    const db = t.database.db;
    await db.update(projects).set({ public: false }).where(eq(projects.id, publicProjectId));
    expect((await anonymous()('GET', `/api/v1/public/dashboards/${pub.id}`)).status).toBe(404);
    await db.update(projects).set({ public: true }).where(eq(projects.id, publicProjectId));
    const [{ organizationId }] = await db.select().from(projects).where(eq(projects.id, publicProjectId));
    await db.update(organizations).set({ publicSharing: false }).where(eq(organizations.id, organizationId));
    expect((await anonymous()('GET', `/api/v1/public/dashboards/${pub.id}`)).status).toBe(404);
    await db.update(organizations).set({ publicSharing: true }).where(eq(organizations.id, organizationId));
    expect((await anonymous()('GET', `/api/v1/public/dashboards/${pub.id}`)).status).toBe(200);
  });
});

describe("a public dashboard's ids reach nothing else", () => {
  const db = () => t.database.db;
  const refused = async (promise: Promise<unknown>) => {
    await expect(promise).rejects.toMatchObject({ status: 404, code: 'not-found' });
  };

  it('its own tabs and cards resolve', async () => {
    expect((await resolvePublicDashboard(db(), pub.id)).id).toBe(pub.id);
    expect((await resolvePublicTab(db(), pub.id, pub.tabs[1])).tab.id).toBe(pub.tabs[1]);
    const { unit, tab } = await resolvePublicUnit(db(), pub.id, pub.units[1]);
    expect([unit.id, tab.id]).toEqual([pub.units[1], pub.tabs[1]]);
  });

  it("another dashboard's tab or card, even of the same public project, does not", async () => {
    await refused(resolvePublicTab(db(), pub.id, sibling.tabs[0]));
    await refused(resolvePublicUnit(db(), pub.id, sibling.units[0]));
    await refused(resolvePublicTab(db(), pub.id, secret.tabs[0]));
    await refused(resolvePublicUnit(db(), pub.id, secret.units[0]));
    await refused(resolvePublicUnit(db(), pub.id, noSharing.units[0]));
    await refused(resolvePublicUnit(db(), pub.id, pub.tabs[0])); // a tab id is no card id
    await refused(resolvePublicUnit(db(), pub.id, newId()));
  });

  it('closed dashboards do not open their own tabs or cards', async () => {
    for (const closed of [secret, noSharing, inactive]) {
      await refused(resolvePublicDashboard(db(), closed.id));
      await refused(resolvePublicTab(db(), closed.id, closed.tabs[0]));
      await refused(resolvePublicUnit(db(), closed.id, closed.units[0]));
    }
  });

  it('every member route refuses an anonymous caller, whatever ids it is given', async () => {
    const routes = registeredRoutes(t.app).filter(
      (r) =>
        typeof r.url === 'string' &&
        /^\/api\/v1\/(dashboards|tabs|units)/.test(r.url) &&
        (r.config as { access: { kind: string } }).access.kind !== 'public',
    );
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const idsFor: Record<string, string[]> = {
      id: [pub.id, pub.tabs[0], pub.units[0], secret.id],
      tabId: [pub.tabs[0]],
      unitId: [pub.units[0]],
    };
    const failures: string[] = [];
    for (const r of routes) {
      for (const method of (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD')) {
        for (const id of idsFor.id) {
          const url = r.url!.replace(':id', id).replace(':tabId', idsFor.tabId[0]).replace(':unitId', idsFor.unitId[0]);
          const query = `?projectId=${publicProjectId}`;
          const res = await t.app.inject({
            method: method as 'GET',
            url: url + query,
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          if (res.statusCode !== 401) failures.push(`${method} ${url} -> ${res.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('the preview token', () => {
  it('opens its own private dashboard on the public family only, while alive', async () => {
    const db = t.database.db;
    const token = await issuePreviewToken(db, secret.id, 60_000);
    const get = anonymous();
    const opened = await get('GET', `/api/v1/public/dashboards/${secret.id}?previewToken=${encodeURIComponent(token)}`);
    expect(opened.status).toBe(200);
    expect((opened.body as PublicDashboardDetail).units).toHaveLength(2);
    expect((await resolvePublicUnit(db, secret.id, secret.units[1], token)).unit.id).toBe(secret.units[1]);

    // Not another dashboard, not another dashboard's card through its own id.
    const q = `?previewToken=${encodeURIComponent(token)}`;
    expect((await get('GET', `/api/v1/public/dashboards/${noSharing.id}${q}`)).status).toBe(404);
    await expect(resolvePublicUnit(db, secret.id, sibling.units[0], token)).rejects.toMatchObject({ status: 404 });
    // Not a bearer token, and ignored by member routes.
    const asBearer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/dashboards/${secret.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    expect((await get('GET', `/api/v1/dashboards/${secret.id}${q}`)).status).toBe(401);
    expect((await get('GET', `/api/v1/units/${secret.units[0]}${q}`)).status).toBe(401);
    expect((await get('GET', `/api/v1/public/dashboards/${secret.id}?previewToken=wrong`)).status).toBe(404);

    // Expired: refused.
    await db
      .update(dashboardPreviewTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dashboardPreviewTokens.dashboardId, secret.id));
    expect((await get('GET', `/api/v1/public/dashboards/${secret.id}${q}`)).status).toBe(404);
  });

  it('does not open a dashboard of a deactivated organization', async () => {
    const token = await issuePreviewToken(t.database.db, inactive.id, 60_000);
    const res = await anonymous()(
      'GET',
      `/api/v1/public/dashboards/${inactive.id}?previewToken=${encodeURIComponent(token)}`,
    );
    expect(res.status).toBe(404);
  });
});
