import type { CrossFilter } from './crossFilters.ts';
import type { Unit } from './entities.ts';
import type { DashboardFilter } from './filters.ts';
import { validFilters } from './filterValidity.ts';
import { visDatasetIds } from './vis.ts';
import type { OrderByEntry } from './visSchemas.ts';

/**
 * A card's data request, built in one place: by the web for every card, and by the
 * server for the first requests of a public dashboard, which it answers ahead inside the page (so the two
 * must be the same request).
 */

/** Whether a card has something mapped, so that it asks for data: a chart series, a KPI, a table column. */
export function cardIsMapped(unit: Pick<Unit, 'type' | 'vis'>): boolean {
  const vis = unit.vis as Record<string, unknown>;
  const length = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  switch (unit.type) {
    case 'kpi':
      return length(vis.kpi) > 0;
    case 'table':
      return length(vis.table) > 0;
    case 'chart':
      return ['independent', 'dependent', 'otherDimensions', 'gradientDimension', 'groupBy'].some((bucket) =>
        (Array.isArray(vis[bucket]) ? (vis[bucket] as Array<{ series?: unknown }>) : []).some(
          (axis) => length(axis?.series) > 0,
        ),
      );
    case 'custom':
      // A custom card draws on data only when it maps features (a markdown card may map none).
      return visDatasetIds(vis).length > 0;
    default:
      return false;
  }
}

/** What a card's data request carries besides the card. */
export interface CardRequestArgs {
  tabId?: string | null;
  /** Table cards only. */
  page?: number;
  orderBy?: OrderByEntry[];
  /** The valid dashboard and tab filters in force; undefined lets the server apply the stored ones. */
  filters?: DashboardFilter[];
  /** The dataset job of a model run the viewer selected; undefined reads the latest data. */
  jobId?: string;
  /** Cross-filters from clicks on the tab's other cards (docs/cross-filters.md). */
  crossFilters?: CrossFilter[];
}

/** The query and body of a card's data request (`getUnitData`, `getPublicUnitData`). */
export function cardDataRequest(args: CardRequestArgs): {
  query: { tabId?: string; page?: number; jobId?: string };
  body: { filters?: DashboardFilter[]; orderBy?: OrderByEntry[]; crossFilters?: CrossFilter[] };
} {
  return {
    query: {
      ...(args.tabId ? { tabId: args.tabId } : {}),
      ...(args.page ? { page: args.page } : {}),
      ...(args.jobId ? { jobId: args.jobId } : {}),
    },
    body: {
      ...(args.filters ? { filters: args.filters.map(({ valid: _valid, ...filter }) => filter) } : {}),
      ...(args.orderBy && args.orderBy.length > 0 ? { orderBy: args.orderBy } : {}),
      ...(args.crossFilters && args.crossFilters.length > 0 ? { crossFilters: args.crossFilters } : {}),
    },
  };
}

/**
 * The filters in force for a card's first request: the valid ones of the dashboard's, then of the tab's (a
 * visitor's own filters, once changed, replace these: the web's `useActiveFilters`).
 */
export const filtersInForce = (
  dashboard: readonly DashboardFilter[],
  tab: readonly DashboardFilter[],
): DashboardFilter[] => validFilters([...dashboard, ...tab]);

/**
 * A card's first request on opening its tab: page 1 of a table, no sort; the latest data, or the rows of `jobId`
 * (a model's selected run wrote them: `selectedJobOf`).
 */
export const firstCardRequest = (unit: Pick<Unit, 'type' | 'tabId'>, filters: DashboardFilter[], jobId?: string) =>
  cardDataRequest({ tabId: unit.tabId, page: unit.type === 'table' ? 1 : undefined, filters, jobId });

/** One output of a model's selected run: its dataset and the job the run wrote there. */
export interface SelectedOutput {
  datasetId: string;
  jobId: string;
}

/**
 * The dataset job a card reads when one of its datasets is an output of a model's selected run (the first found,
 * in the order given); undefined: the card reads the latest data.
 */
export function selectedJobOf(unit: Pick<Unit, 'vis'>, outputs: readonly SelectedOutput[]): string | undefined {
  const read = visDatasetIds(unit.vis);
  return outputs.find((output) => read.includes(output.datasetId))?.jobId;
}
