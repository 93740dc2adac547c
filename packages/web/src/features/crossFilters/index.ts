/**
 * Cross-filters: clicks on a card's points, rows or legend that filter the dashboard's other cards, their bar and
 * the rows view.
 */

export { CrossFilterBar, chipText } from './CrossFilterBar.tsx';
export {
  type Clicked,
  CROSS_PARAM,
  clickedOfCell,
  clickedOfChartRow,
  clickedOfElement,
  clickedOfLegend,
  clickedOfRow,
  entriesFromParam,
  isKeyColumn,
  legendSelects,
  pointOf,
  selectedRows,
  selectedTableRows,
} from './crossFilterEntries.ts';
export { useCardCrossFilter } from './useCardCrossFilter.ts';
export { useCrossFilters } from './useCrossFilters.ts';
export { ViewRowsModal } from './ViewRowsModal.tsx';
