import type { ServerModule } from '../../platform/module.ts';
import type { AssetKind, ProjectFiles } from '../projects/index.ts';
import { dashboardsJobs } from './dashboards.jobs.ts';
import { dashboardsRoutes } from './dashboards.routes.ts';
import { dashboardIdsOfProject, moveDashboards, projectOfDashboard, projectOfTab } from './dashboards.store.ts';
import { exportRoutes, projectOfExport } from './export/export.routes.ts';
import { filtersRoutes } from './filters/filters.routes.ts';
import { projectOfFilter } from './filters/filters.store.ts';
import { historyRoutes } from './history/history.routes.ts';
import { removePreview } from './preview/preview.files.ts';
import { publicDashboardPage } from './publicPage.ts';
import { tabsRoutes } from './tabs/tabs.routes.ts';
import { unitsRoutes } from './units/units.routes.ts';
import { unitReader } from './units/units.store.ts';

/**
 * dashboards — data apps: dashboards and reports, their tabs (tabs/), cards (units/) and saved filters
 * (filters/), their history (history/: versions, restore, undo, and its retention task), preview images, the public family (and its page's first answers, written into it). Uses datasets and projects; plugs into projects' extension points.
 */
export const dashboardsModule: ServerModule = {
  name: 'dashboards',
  resources: {
    dashboard: projectOfDashboard,
    tab: projectOfTab,
    unit: unitReader,
    filter: projectOfFilter,
    export: projectOfExport,
  },
  jobs: dashboardsJobs,
  routes: async (app) => {
    await app.register(dashboardsRoutes);
    await app.register(tabsRoutes);
    await app.register(unitsRoutes);
    await app.register(filtersRoutes);
    await app.register(historyRoutes);
    await app.register(exportRoutes);
  },
  pageAnswers: publicDashboardPage,
};

export const dashboardAssetKind: AssetKind = { key: 'dashboards', area: 'dashboard', move: moveDashboards };

/** A deleted project's dashboards leave their preview images behind unless removed. */
export const dashboardPreviewFiles: ProjectFiles = {
  list: dashboardIdsOfProject,
  remove: (storage, id) => removePreview(storage, id),
};

export { unitDataServiceOf } from './dashboards.jobs.ts';
export { dashboardsReadAny, datasetIdsOfDashboard } from './dashboards.store.ts';
export {
  type DashboardRenderer,
  type DashboardRenderRequest,
  type DashboardSummary,
  dashboardSummary,
} from './export/export.direct.ts';
export { previewKey, removePreview, writePreview } from './preview/preview.files.ts';
export { resolvePublicDashboard } from './public.ts';
export { dashboardRendererOf } from './render.jobs.ts';
export { savedCardOf } from './units/savedCard.ts';
export type { Card, UnitDataService } from './units/unitData.service.ts';
export { cardsOfDataset } from './units/units.store.ts';
