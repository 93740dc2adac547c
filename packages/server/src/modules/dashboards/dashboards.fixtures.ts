import {
  type Dashboard,
  type DashboardDetail,
  PROJECT_ROLE_PRESETS,
  type ProjectRoles,
  type Tab,
  type Unit,
} from '@tessera/shared';
import { expect } from 'vitest';
import { createOrganization } from '../../test/accounts.ts';
import { as, type TestApp } from '../../test/harness.ts';
import { membership, type Person, person, project } from '../projects/projects.fixtures.ts';

/**
 * Test set-up for data apps: an organization with a project, an editor (dashboard edit), a viewer (View
 * Dashboards), a member whose dashboards are hidden, and an outsider from another organization with their own
 * project. Dashboards, tabs and cards are made through the API itself.
 */
export interface World {
  org: string;
  projectId: string;
  editor: Person;
  viewer: Person;
  hidden: Person;
  outsider: Person;
  outsiderProjectId: string;
}

export async function world(t: TestApp, options: { public?: boolean } = {}): Promise<World> {
  const db = t.database.db;
  const org = (await createOrganization(db)).id;
  const projectId = await project(db, org, { public: options.public ?? false });
  const editor = await person(db, org, undefined, 'Edith');
  const viewer = await person(db, org, undefined, 'Victor');
  const hidden = await person(db, org, undefined, 'Hilda');
  await membership(db, editor.id, projectId, PROJECT_ROLE_PRESETS.edit);
  await membership(db, viewer.id, projectId, PROJECT_ROLE_PRESETS.viewDashboards);
  const noDashboards: ProjectRoles = { ...PROJECT_ROLE_PRESETS.edit, dashboard: 'hidden' };
  await membership(db, hidden.id, projectId, noDashboards);
  const otherOrg = (await createOrganization(db)).id;
  const outsider = await person(db, otherOrg, undefined, 'Otto');
  const outsiderProjectId = await project(db, otherOrg);
  await membership(db, outsider.id, outsiderProjectId, PROJECT_ROLE_PRESETS.full);
  return { org, projectId, editor, viewer, hidden, outsider, outsiderProjectId };
}

/** `inject` as someone (or anonymously), answering status and parsed body. */
export function caller(t: TestApp, who: Person | undefined) {
  const send = as(t.app, who?.token);
  return async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await send({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
    const json = res.headers['content-type']?.toString().startsWith('application/json') ? res.json() : undefined;
    return { status: res.statusCode, body: json, res };
  };
}

export async function createDashboard(
  t: TestApp,
  who: Person,
  projectId: string,
  values: { name?: string; type?: 'Dashboard' | 'Report'; description?: string } = {},
): Promise<Dashboard> {
  const { status, body } = await caller(t, who)('POST', '/api/v1/dashboards', {
    projectId,
    name: values.name ?? 'Sales',
    ...(values.type ? { type: values.type } : {}),
    ...(values.description !== undefined ? { description: values.description } : {}),
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body as Dashboard;
}

export async function detail(t: TestApp, who: Person, dashboardId: string): Promise<DashboardDetail> {
  const { status, body } = await caller(t, who)('GET', `/api/v1/dashboards/${dashboardId}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body as DashboardDetail;
}

export async function addTab(t: TestApp, who: Person, dashboardId: string, name = 'Tab'): Promise<Tab> {
  const { status, body } = await caller(t, who)('POST', `/api/v1/dashboards/${dashboardId}/tabs`, { name });
  expect(status, JSON.stringify(body)).toBe(200);
  return (body as { tab: Tab }).tab;
}

export async function addUnit(
  t: TestApp,
  who: Person,
  tabId: string,
  body: object = {},
): Promise<{ tab: Tab; unit: Unit; clientId?: string }> {
  const res = await caller(t, who)('POST', `/api/v1/tabs/${tabId}/units`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { tab: Tab; unit: Unit; clientId?: string };
}
export { publicDashboardPage } from './publicPage.ts';
