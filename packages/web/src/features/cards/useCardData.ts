import { cardIsMapped, PREVIEW_TOKEN_PARAM, type Unit } from '@tessera/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { type UnitDataState, useUnitData } from '../../api/units.ts';
import { useCardJob, useDashboardMode } from '../canvas/index.ts';
import { useCrossFilters } from '../crossFilters/index.ts';
import { useActiveFilters } from '../filters/index.ts';
import { type CardBodyState, cardBodyState } from './cardBody.ts';
import { nextSort, sortOrderBy, type TableSort } from './table/tableState.ts';

export interface CardData extends UnitDataState {
  body: CardBodyState;
  /** Table cards: the sort, the page and their changes (a sort change goes back to page 1). */
  sort: TableSort | null;
  toggleSort: (column: { id: string; featureId: string }) => void;
  page: number;
  setPage: (page: number) => void;
}

/**
 * Everything a card's body needs about its data: where it is shown (project, public, preview with its token),
 * the filters in force, the table's page and sort, the answer and what the body shows for it.
 */
export function useCardData(unit: Unit): CardData {
  const { place } = useDashboardMode();
  const [search] = useSearchParams();
  const previewToken = place.kind === 'preview' ? search.get(PREVIEW_TOKEN_PARAM) : null;
  const { filters, hydrated: filtersHydrated } = useActiveFilters(unit.dashboardId, unit.tabId);
  // The cross-filters of the tab's other cards (its own selection only highlights).
  const crossFilters = useCrossFilters(unit.dashboardId, unit.tabId).forCard(unit._id);
  const [sort, setSort] = useState<TableSort | null>(null);
  // The page belongs to the filters it was chosen under: new filters start at page 1 in the same render (a
  // table's filter or sort change returns to page 1), without a request for the old page first.
  const [paging, setPaging] = useState({ page: 1, filters });
  const page = paging.filters === filters ? paging.page : 1;
  const setPage = (next: number) => setPaging({ page: next, filters });
  const table = unit.type === 'table';
  // A model's selected run: its job's rows, asked once known (a public page's model bars tell it).
  const job = useCardJob(unit);

  const state = useUnitData(unit, {
    place,
    previewToken,
    tabId: unit.tabId,
    page: table ? page : undefined,
    orderBy: table ? sortOrderBy(sort) : undefined,
    filters,
    crossFilters,
    jobId: job.jobId,
    enabled: cardIsMapped(unit) && filtersHydrated && job.known,
  });
  const body = cardBodyState({ unit, data: state.data, hydrated: state.hydrated, failed: state.failed });

  return {
    ...state,
    body,
    sort,
    toggleSort: (column) => {
      setSort((current) => nextSort(current, column));
      setPage(1);
    },
    page,
    setPage,
  };
}
