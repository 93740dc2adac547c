import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type CustomSubtype, cardIsMapped, type Unit, type UnitType, type Vis } from '@tessera/shared';
import { useState } from 'react';
import { call } from '../../api/client.ts';
import type { CardData } from '../cards/index.ts';
import { cardBodyState, nextSort, sortOrderBy, type TableSort } from '../cards/index.ts';

/** Edits come in bursts (a drag, typing a label): the preview waits this long after the last one. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The live preview's data: the unsaved vis posted to `POST /api/v1/units/data` (temporary data) after a short
 * pause, with the tab's stored filters applied by the server. The previous answer stays drawn while the next
 * loads; the body state follows the card render order.
 */
export interface PreviewData {
  card: CardData;
  /**
   * The vis to draw the shown answer with: the edited vis when the answer is of its data (display and colour
   * edits show at once), else the vis the shown answer was fetched for (while the next answer loads, the
   * previous one is never drawn with series it does not hold).
   */
  drawVis: Vis;
}

export function usePreviewData(
  unit: Pick<Unit, '_id' | 'tabId'>,
  type: UnitType,
  subtype: CustomSubtype | null,
  dataVis: Vis,
  vis: Vis,
): PreviewData {
  const [debounced] = useDebouncedValue(dataVis, PREVIEW_DEBOUNCE_MS);
  const [sort, setSort] = useState<TableSort | null>(null);
  const [page, setPage] = useState(1);
  const mapped = cardIsMapped({ type, vis: debounced });
  const table = type === 'table';
  const query = useQuery({
    queryKey: ['mappingPreview', unit._id, type, subtype, debounced, table ? page : null, table ? sort : null],
    queryFn: async ({ signal }) => ({
      vis: debounced,
      answer: await call(
        api.getTemporaryUnitData,
        {
          query: { unitId: unit._id, tabId: unit.tabId, ...(table ? { page } : {}) },
          body: { type, subtype, vis: debounced, ...(table && sort ? { orderBy: sortOrderBy(sort) } : {}) },
        },
        { signal },
      ),
    }),
    enabled: mapped,
    placeholderData: keepPreviousData,
    meta: { pageError: false },
    retry: false,
  });
  const data = query.data?.answer;
  const failed = query.isError && !data;
  const hydrated = data !== undefined || query.isError;
  const card: CardData = {
    data,
    hydrated,
    failed,
    loadingNext: query.isPlaceholderData,
    fetching: query.isFetching || debounced !== dataVis,
    body: cardBodyState({ unit: { type, vis: dataVis }, data, hydrated, failed }),
    sort,
    toggleSort: (column) => {
      setSort((current) => nextSort(current, column));
      setPage(1);
    },
    page,
    setPage,
  };
  // Placeholders (the empty hint of the chart type...) always follow the edited vis.
  const current = card.body.kind !== 'view' || !query.data || (!query.isPlaceholderData && debounced === dataVis);
  return { card, drawVis: current ? vis : query.data!.vis };
}
