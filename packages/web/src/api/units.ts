import {
  keepPreviousData,
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  api,
  type CardRequestArgs,
  cardDataRequest,
  type Unit,
  type UnitData,
  type UnitRows,
  type UnitRowsBody,
  visDatasetIds,
} from '@tessera/shared';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { call } from './client.ts';
import type { DashboardPlace } from './dashboards.ts';
import { editDashboardCache, upsertUnit } from './dashboards.ts';
import { fetchPublicCard } from './publicCards.ts';

/**
 * A card's data: each card asks for its own data,
 * in parallel with the others, with TanStack Query.
 *
 * - The query key holds everything that changes the answer: the card, its saved type and vis, the place (project
 *   or public/preview, with the preview token), the tab, the filters in force, and the table's page and sort.
 *   A saved card change (a vis saved here or by another editor over the live channel) changes the key: refetch.
 * - A superseded request is cancelled: TanStack passes an AbortSignal that goes to fetch.
 * - Page, sort and filter changes are "temporary data": the previous answer stays shown while the next loads
 *   (`placeholderData`), and a failure of such a change keeps the last answer (`useUnitData` below).
 * - What refetches a card: first mount; the filters once hydrated (the key); a dataset append (or any change of
 *   its rows) from the live channel (`refetchUnitsReadingDatasets`); a model run finishing — model runs come
 *   with a later issue, whose run events call `refetchUnitsReadingDatasets` with the run's output datasets.
 */

export interface UnitDataArgs extends CardRequestArgs {
  place: DashboardPlace;
  /** The preview renderer's one-time token (preview pages only). */
  previewToken?: string | null;
  /** False until the filters are known: no request before. */
  enabled: boolean;
}

const ROOT = 'unitData';

export const unitDataKeys = {
  all: [ROOT] as const,
  unit: (unitId: string) => [ROOT, unitId] as const,
  request: (unit: Pick<Unit, '_id' | 'type' | 'subtype' | 'vis'>, args: UnitDataArgs) =>
    [
      ROOT,
      unit._id,
      { type: unit.type, subtype: unit.subtype, vis: unit.vis },
      {
        place: args.place.kind === 'version' ? `version:${args.place.versionId}` : args.place.kind,
        previewToken: args.previewToken ?? null,
        tabId: args.tabId ?? null,
      },
      { filters: args.filters ?? null, jobId: args.jobId ?? null, crossFilters: args.crossFilters ?? [] },
      { page: args.page ?? null, orderBy: args.orderBy ?? [] },
    ] as const,
};

/** Whether two request keys are of the same card with the same saved vis (only filters, page or sort differ). */
export function sameSavedCard(a: QueryKey, b: QueryKey): boolean {
  return (
    a[0] === ROOT &&
    b[0] === ROOT &&
    a[1] === b[1] &&
    JSON.stringify(a[2]) === JSON.stringify(b[2]) &&
    JSON.stringify(a[3]) === JSON.stringify(b[3])
  );
}

/** One data request of a card, in its place: the public and preview pages ask with the page's other cards. */
export function fetchUnitData(unit: Pick<Unit, '_id' | 'dashboardId'>, args: UnitDataArgs, signal?: AbortSignal) {
  const { query, body } = cardDataRequest(args);
  if (args.place.kind === 'project') {
    return call(api.getUnitData, { params: { id: unit._id }, query, body }, { signal });
  }
  if (args.place.kind === 'version') {
    const params = { id: unit.dashboardId, versionId: args.place.versionId, unitId: unit._id };
    return call(api.getDashboardVersionUnitData, { params, query, body }, { signal });
  }
  return fetchPublicCard(unit.dashboardId, args.previewToken ?? undefined, { unitId: unit._id, query, body }, signal);
}

export interface UnitDataState {
  /** The answer shown: the current one, the previous one while the next loads, or the last good one. */
  data: UnitData | undefined;
  /** A request has answered (success or failure) since the card's saved vis last changed. */
  hydrated: boolean;
  /** The current request failed (no answer): the card shows the 'error' placeholder. */
  failed: boolean;
  /** A page, sort or filter change is loading while the previous answer is shown. */
  loadingNext: boolean;
  /** Any request of this card is in flight. */
  fetching: boolean;
}

/**
 * A card's data. A page, sort or filter change whose request fails changes nothing: the last answer
 * of the same saved card stays shown; a failure with nothing to fall back on is a failed card.
 */
export function useUnitData(unit: Unit, args: UnitDataArgs): UnitDataState {
  const queryKey = unitDataKeys.request(unit, args);
  const query = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchUnitData(unit, args, signal),
    enabled: args.enabled,
    // Keep the previous answer only while the same saved card changes page, sort or filters: an answer of
    // another vis would be drawn with series the card no longer has.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameSavedCard(previousQuery.queryKey, queryKey) ? keepPreviousData(previous) : undefined,
    meta: { pageError: false },
    retry: false,
  });
  const [lastGood, setLastGood] = useState<{ key: QueryKey; data: UnitData } | null>(null);
  const current = query.isPlaceholderData ? undefined : query.data;
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (current) setLastGood({ key: JSON.parse(keyText) as QueryKey, data: current });
  }, [current, keyText]);

  const fallback = lastGood && sameSavedCard(lastGood.key, queryKey) ? lastGood.data : undefined;
  const failed = query.isError && !fallback;
  return {
    data: query.isError ? fallback : query.data,
    hydrated: query.isSuccess || query.isError || query.isPlaceholderData,
    failed,
    loadingNext: query.isPlaceholderData && query.isFetching,
    fetching: query.isFetching,
  };
}

/** The datasets a cached card query reads: those its answer names, else those its vis maps. */
function datasetsOf(query: Query): string[] {
  const data = query.state.data as UnitData | undefined;
  const fromAnswer = data?.features.map((feature) => feature.dataset._id) ?? [];
  const saved = query.queryKey[2] as { vis?: unknown } | undefined;
  return [...fromAnswer, ...visDatasetIds(saved?.vis)];
}

/**
 * Refetches the cards that read any of these datasets:
 * called for a dataset's append, deleted rows, changed features or deletion from the live channel, and for a
 * finished model run's output datasets.
 */
export function refetchUnitsReadingDatasets(client: QueryClient, datasetIds: readonly string[]) {
  if (datasetIds.length === 0) return Promise.resolve();
  const ids = new Set(datasetIds);
  return client.invalidateQueries({
    queryKey: unitDataKeys.all,
    predicate: (query) => datasetsOf(query).some((id) => ids.has(id)),
  });
}

/** The dataset events (the project's live channel) after which the cards reading that dataset refetch. */
const DATA_CHANGING_REASONS = new Set(['imported', 'appended', 'dataDeleted', 'featuresUpdated']);

/** Applies a live event to the cards' data: called for every event of the project's channel. */
export function applyUnitDataEvent(name: string, payload: unknown, client: QueryClient): void {
  // A finished model run: every card reading one of its output datasets refetches, for every viewer
  // of the dashboard (dashboard viewers receive run events, not the datasets' own).
  if (name === 'modelRun:updated') {
    const { status, outputs } = (payload ?? {}) as {
      status?: unknown;
      outputs?: Array<{ dataset?: { _id?: unknown } }>;
    };
    if (status !== 'finished' || !Array.isArray(outputs)) return;
    const ids = outputs.flatMap((o) => (typeof o.dataset?._id === 'string' ? [o.dataset._id] : []));
    void refetchUnitsReadingDatasets(client, ids);
    return;
  }
  if (name !== 'dataset:updated' && name !== 'dataset:deleted') return;
  const { _id, reason } = (payload ?? {}) as { _id?: unknown; reason?: unknown };
  if (typeof _id !== 'string') return;
  if (name === 'dataset:updated' && !DATA_CHANGING_REASONS.has(String(reason))) return;
  void refetchUnitsReadingDatasets(client, [_id]);
}

/** Whether every one of these cards has its data answered (or failed): the preview page waits for it. */
export function unitsDataSettled(client: QueryClient, unitIds: readonly string[]): boolean {
  return unitIds.every((unitId) => {
    const queries = client.getQueryCache().findAll({ queryKey: unitDataKeys.unit(unitId) });
    return (
      queries.length > 0 &&
      queries.every((q) => q.state.fetchStatus === 'idle') &&
      queries.some((q) => q.state.status !== 'pending')
    );
  });
}

/** `unitsDataSettled`, read at each render and kept up to date with the query cache. */
export function useUnitsDataSettled(unitIds: readonly string[]): boolean {
  const cache = useQueryClient().getQueryCache();
  const client = useQueryClient();
  const subscribe = useCallback((listener: () => void) => cache.subscribe(listener), [cache]);
  return useSyncExternalStore(subscribe, () => unitsDataSettled(client, unitIds));
}

/** Download as CSV / Download: the card's CSV text and the file name to save it as. */
export const downloadUnitCsv = (unitId: string, tabId: string | null) =>
  call(api.downloadUnit, { params: { id: unitId }, query: tabId ? { tabId } : {} });

/** Saves a card's vis (a custom editable table's rows) and writes the saved card into the cached dashboard. */
export function useSaveUnitVis(dashboardId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ unitId, vis }: { unitId: string; vis: Record<string, unknown> }) =>
      call(api.updateUnit, { params: { id: unitId }, query: {}, body: { vis } }),
    onSuccess: ({ data: _data, ...unit }) => editDashboardCache(client, dashboardId, upsertUnit(unit)),
  });
}

/** What a "View rows" request carries (docs/cross-filters.md). */
export interface UnitRowsArgs {
  place: DashboardPlace;
  tabId: string;
  page: number;
  limit: number;
  body: UnitRowsBody;
}

/** One page of the rows behind a card or one of its elements, in its place (project or public). */
export function fetchUnitRows(unit: Pick<Unit, '_id' | 'dashboardId'>, args: UnitRowsArgs): Promise<UnitRows> {
  const query = { tabId: args.tabId, page: args.page, limit: args.limit };
  if (args.place.kind === 'public') {
    return call(api.getPublicUnitRows, { params: { id: unit.dashboardId, unitId: unit._id }, query, body: args.body });
  }
  return call(api.getUnitRows, { params: { id: unit._id }, query, body: args.body });
}

/** Every row behind a card or one of its elements, as CSV text and the file name to save it as. */
export function downloadUnitRows(unit: Pick<Unit, '_id' | 'dashboardId'>, args: Omit<UnitRowsArgs, 'page' | 'limit'>) {
  const query = { tabId: args.tabId };
  if (args.place.kind === 'public') {
    return call(api.downloadPublicUnitRows, {
      params: { id: unit.dashboardId, unitId: unit._id },
      query,
      body: args.body,
    });
  }
  return call(api.downloadUnitRows, { params: { id: unit._id }, query, body: args.body });
}
