/**
 * The dashboard canvas under cards, filters, cross-filters and data apps: the dashboard mode (editor, public,
 * preview, export), the data app paths, card placeholders, selected model results, grid layout rules, value
 * formatting and downloads.
 */

export { CardPlaceholder } from './CardPlaceholder.tsx';
export {
  type DashboardMode,
  DashboardModeContext,
  placeProjectId,
  useDashboardAudience,
  useDashboardMode,
} from './dashboardMode.tsx';
export { downloadCard, saveTextFile } from './download.ts';
export { formatValue } from './formatValue.ts';
export {
  chooserTextHidden,
  completeLayout,
  gridColumns,
  isMobileGrid,
  previewLayout,
  sameLayout,
  stackedLayout,
  toStoredLayout,
  withHeights,
} from './gridLayout.ts';
export { type DashboardPlace, dashboardPath, dashboardsListPath, publicLink, unitMappingPath } from './paths.ts';
export { SelectedResultsProvider, useCardJob, useCardSelectedOutput, useSelectedResults } from './SelectedResults.tsx';
export { canSelectRun, newestFinishedRun } from './selectedResult.ts';
