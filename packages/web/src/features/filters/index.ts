/**
 * Dashboard filters: the filter bar and menu, the active filters of a dashboard view, and the words that summarise
 * them.
 */

export { CardFilterIcon } from './CardFilterIcon.tsx';
export { FilterBar } from './FilterBar.tsx';
export { FilterMenu } from './FilterMenu.tsx';
export { type FilterDraft, withOperation } from './filterDraft.ts';
export { localFilterStore } from './localFilters.ts';
export {
  DashboardViewProvider,
  PinnedDashboardViewProvider,
  useActiveFilters,
  useCachedDashboardView,
} from './useActiveFilters.ts';
export { useFeatureLookup } from './useFeatureLookup.ts';
export { useSummaryWords } from './useSummaryWords.ts';
