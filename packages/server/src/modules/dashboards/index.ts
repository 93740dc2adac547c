export { dashboardsRoutes } from './dashboards.routes.ts';
export { filtersRoutes } from './filters/filters.routes.ts';
export { previewFile, removePreview, writePreview } from './preview/preview.files.ts';
export { tabsRoutes } from './tabs/tabs.routes.ts';
export { unitsRoutes } from './units/units.routes.ts';
