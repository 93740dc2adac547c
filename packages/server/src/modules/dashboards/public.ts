import { type PublicFeature, type Tab, type Unit, visFeatureIds } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import {
  type DashboardExposure,
  type DashboardRow,
  findDashboard,
  findDashboardExposure,
  findPublicUnitPlace,
  findUnitsOfDashboard,
  type PublicUnitPlace,
} from './dashboards.store.ts';
import { storedFilters } from './filters/stored.ts';
import { previewTokenOpens } from './preview/preview.tokens.ts';
import { findTab, listTabsInOrder, type TabRow } from './tabs/tabs.store.ts';
import { projectFeatures } from './units/unitData.metadata.ts';
import { listUnitsOfTabs } from './units/units.store.ts';

/**
 * The gate of the public family (`/api/v1/public/...`): the only way in without login. A dashboard opens when
 * its project is public and its organization is active and shares publicly, or for the preview renderer that
 * presents a live preview token issued for that very dashboard. From an open dashboard, only its own tabs and
 * cards are reachable: each helper takes the dashboard id the page was opened with and checks that the tab or
 * card hangs from it, so the ids of one public dashboard never reach another dashboard's content. Every refusal
 * is the same 404, whether the thing exists or not.
 */
const closed = () => notFound('dashboard.notFound');

export async function resolvePublicDashboard(
  db: Db,
  dashboardId: string,
  previewToken?: string,
): Promise<DashboardRow> {
  return (await openDashboard(db, dashboardId, previewToken)).row;
}

/** An open dashboard with its project's data version (what its cards' metadata is read as of), or 404. */
async function openDashboard(db: Db, dashboardId: string, previewToken?: string) {
  const exposure = await findDashboardExposure(db, dashboardId);
  if (!exposure || !(await opens(db, exposure, previewToken))) throw closed();
  return exposure;
}

/** Whether a dashboard opens: to anyone when public, else to the preview renderer with its live token. */
async function opens(
  db: Db,
  exposure: DashboardExposure<{ id: string }>,
  previewToken: string | undefined,
): Promise<boolean> {
  if (exposure.publiclyVisible) return true;
  return exposure.organizationActive && (await previewTokenOpens(db, exposure.row.id, previewToken));
}

/** A tab of an open dashboard (listed in its order), or 404. */
export async function resolvePublicTab(
  db: Db,
  dashboardId: string,
  tabId: string,
  previewToken?: string,
): Promise<{ dashboard: DashboardRow; tab: TabRow }> {
  const dashboard = await resolvePublicDashboard(db, dashboardId, previewToken);
  const tab = await findTab(db, tabId);
  if (!tab || tab.dashboardId !== dashboard.id || !dashboard.tabIds.includes(tab.id)) throw closed();
  return { dashboard, tab };
}

/**
 * A card of an open dashboard, or 404: for the public card data call (`POST /api/v1/public/units/:id/data`
 * with the dashboard id the page was opened with), so that it cannot be used to read another dashboard's card.
 */
export async function resolvePublicUnit(
  db: Db,
  dashboardId: string,
  unitId: string,
  previewToken?: string,
): Promise<Pick<PublicUnitPlace, 'tab' | 'unit' | 'dataVersion'> & { dashboard: PublicUnitPlace['row'] }> {
  const place = await findPublicUnitPlace(db, dashboardId, unitId);
  if (!place || !(await opens(db, place, previewToken))) throw closed();
  const { row: dashboard, tab, unit, dataVersion } = place;
  if (!dashboard.tabIds.includes(tab.id) || !tab.unitIds.includes(unitId)) throw closed();
  return { dashboard, tab, unit, dataVersion };
}

/**
 * Cards of an open dashboard, for the public batch of card data (`POST /api/v1/public/dashboards/:id/units/data`):
 * the dashboard opens as a whole or the batch is a 404; each card asked is found only when it is listed on one
 * of that dashboard's tabs (`resolvePublicUnit`'s rule), else it is missing from the answer.
 */
export async function resolvePublicUnits(
  db: Db,
  dashboardId: string,
  unitIds: readonly string[],
  previewToken?: string,
): Promise<{
  dashboard: DashboardRow;
  dataVersion: number;
  cards: Map<string, Pick<PublicUnitPlace, 'tab' | 'unit'>>;
}> {
  const { row: dashboard, dataVersion } = await openDashboard(db, dashboardId, previewToken);
  const found = await findUnitsOfDashboard(db, dashboardId, unitIds);
  const listed = found.filter(({ tab, unit }) => dashboard.tabIds.includes(tab.id) && tab.unitIds.includes(unit.id));
  return { dashboard, dataVersion, cards: new Map(listed.map((place) => [place.unit.id, place])) };
}

/**
 * The features an open dashboard lets its visitors know (its public `features`): those its saved filters use
 * (the dashboard's, then its tabs'), then those its cards map. Only features of the dashboard's own project are
 * kept, so an id of another project's feature stored in a filter or a vis reveals nothing.
 */
export async function publicFeatures(
  db: Db,
  dashboard: DashboardRow,
  tabs: readonly Pick<Tab, 'filters'>[],
  units: readonly Pick<Unit, 'vis'>[],
): Promise<PublicFeature[]> {
  return featuresOf(db, dashboard.projectId, publishedIds(dashboard, tabs, units));
}

async function featuresOf(db: Db, projectId: string, ids: string[]): Promise<PublicFeature[]> {
  const rows = await projectFeatures(db, projectId, ids);
  return rows.map((f) => ({
    _id: f.id,
    name: f.name,
    type: f.type,
    precision: f.precision ?? null,
    dataset: { _id: f.datasetId },
  }));
}

/** The ids a dashboard publishes, in the order of its public `features` (not yet checked against its project). */
function publishedIds(
  dashboard: Pick<DashboardRow, 'filters'>,
  tabs: readonly { filters: readonly unknown[] }[],
  units: readonly Pick<Unit, 'vis'>[],
): string[] {
  return [
    ...storedFilters(dashboard.filters).map((f) => f.feature.id),
    ...tabs.flatMap((tab) => storedFilters(tab.filters).map((f) => f.feature.id)),
    ...units.flatMap((unit) => visFeatureIds(unit.vis)),
  ];
}

/**
 * The features the dashboard `dashboardId` publishes, read afresh: all that a reader who may not read its
 * datasets (a public visitor, a member whose dataset role is hidden) may filter or sort its cards on
 * (`withinPublished`). Empty for a dashboard that is gone.
 */
export async function publishedFeatureIds(db: Db, dashboardId: string): Promise<Set<string>> {
  return new Set((await readPublished(db, dashboardId))?.ids ?? []);
}

/**
 * The features the dashboard `dashboardId` uses (its public `features`, read afresh): what a reader of the
 * dashboard may know of its features without the dataset role. Empty for a dashboard that is gone.
 */
export async function usedFeatures(db: Db, dashboardId: string): Promise<PublicFeature[]> {
  const published = await readPublished(db, dashboardId);
  return published ? featuresOf(db, published.projectId, published.ids) : [];
}

async function readPublished(db: Db, dashboardId: string): Promise<{ projectId: string; ids: string[] } | null> {
  const dashboard = await findDashboard(db, dashboardId);
  if (!dashboard) return null;
  const tabs = await listTabsInOrder(db, dashboard.tabIds);
  const units = await listUnitsOfTabs(
    db,
    tabs.map((t) => t.id),
  );
  return { projectId: dashboard.projectId, ids: publishedIds(dashboard, tabs, units) };
}

/** A feature of an open dashboard's public `features`, or 404 (the public categories read). */
export async function resolvePublicFeature(
  db: Db,
  dashboardId: string,
  featureId: string,
  load: (dashboard: DashboardRow) => Promise<{ tabs: Tab[]; units: Unit[] }>,
  previewToken?: string,
): Promise<PublicFeature> {
  const dashboard = await resolvePublicDashboard(db, dashboardId, previewToken);
  const { tabs, units } = await load(dashboard);
  const feature = (await publicFeatures(db, dashboard, tabs, units)).find((f) => f._id === featureId);
  if (!feature) throw notFound('dashboard.featureNotFound');
  return feature;
}
