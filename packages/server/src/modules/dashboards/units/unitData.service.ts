import {
  type CompiledUnitQuery,
  compileUnitQuery,
  QueryError,
  type ReachedCrossFilter,
  runUnitQuery,
  type UnitQueryInput,
} from '@tessera/analytics';
import {
  api,
  askedFeatureIds,
  type CrossFilter,
  type DashboardFilter,
  type OrderByEntry,
  TABLE_PAGE_SIZE,
  type UnitData,
  type UnitFeature,
  type UnitType,
  visFeatureIds,
  withinPublished,
} from '@tessera/shared';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../../platform/context.ts';
import { badRequest } from '../../../platform/errors.ts';
import { KeptOnce } from '../../../platform/keptOnce.ts';
import { cacheKey, RESULT_TTL_MS, throughCache } from '../../../platform/resultCache.ts';
import { type FeatureRow, pagesOf } from '../../datasets/index.ts';
import { storedFilters } from '../filters/stored.ts';
import { publishedFeatureIds } from '../public.ts';
import { resolveCard } from './unitData.catalog.ts';
import { cardError, cardErrorOf } from './unitData.errors.ts';
import { type ProjectMetadata, ProjectMetadataCache } from './unitData.metadata.ts';
import { emptyData, planCard, type QueryType } from './unitData.plan.ts';
import type { UnitWithPlace } from './units.store.ts';

/**
 * A card's data: its vis (saved, or the mapping editor's unsaved one) with
 * the filters in force, compiled to one DuckDB query by `@tessera/analytics` and answered as
 * `{data, series, features, pages, jobId, error}`. A card that cannot be computed from what it maps answers
 * 200 with a card error; a malformed request answers 400.
 */

/** The card being computed, with where it hangs: the project decides which features it may read. */
export interface Card {
  id: string;
  name: string;
  tabId: string;
  dashboardId: string;
  /** Its dashboard's content version read with this request (what the dashboard publishes is kept by it). */
  dashboardVersion: number;
  projectId: string;
  /** The project's `data_version` read with this request: its metadata is read as of it (possibly cached). */
  dataVersion: number;
  type: UnitType | null;
  subtype: string | null;
  vis: Record<string, unknown>;
  /** The saved filters of its dashboard, then of its tab: in force when a request sends none. */
  savedFilters: DashboardFilter[];
  /**
   * The reader may not read the datasets (a public visitor, a member whose dataset role is hidden): the
   * request's filters and sorts are kept only on the features the card's dashboard publishes (`withinPublished`).
   */
  publishedOnly?: boolean;
}

/** The saved filters of a dashboard, then of one of its tabs (malformed stored entries left out). */
export const savedFiltersOf = (dashboardFilters: readonly unknown[], tabFilters: readonly unknown[]) => [
  ...storedFilters(dashboardFilters),
  ...storedFilters(tabFilters),
];

export interface CardRequest {
  /** The client's filters in force (its valid dashboard and tab filters, or a public visitor's own). */
  filters?: DashboardFilter[];
  orderBy?: OrderByEntry[];
  /** Cross-filters from clicks on the tab's other cards (docs/cross-filters.md). */
  crossFilters?: CrossFilter[];
  /** The tab the card is shown on: must be the card's own. */
  tabId?: string;
  page?: number;
  limit?: number;
  jobId?: string;
}

/** A computed card: the answer, and for a download the query's rows and series. */
export interface Computed {
  answer: UnitData;
  rows?: Awaited<ReturnType<typeof runUnitQuery>>;
  /** Whether the query's rows came from the shared result cache ('hit'), were computed and kept ('miss'). */
  cache?: 'hit' | 'miss';
}

/** A public card's answer as sent, how its rows were found, and whether it may be kept. */
interface PublicAnswer {
  text: string;
  cache?: 'hit' | 'miss';
  kept: boolean;
}

/** What a card's data is computed with: the database, the stored segments, the shared result cache, a logger. */
export type UnitDataDeps = Pick<AppContext, 'db' | 'storage' | 'results'> & { log: FastifyBaseLogger };

export class UnitDataService {
  readonly metadata: ProjectMetadataCache;
  /**
   * Cards compiled for a request, by `preparedKey`: a dashboard asks for the same ones again and again, and
   * requests alike wait for the one preparation.
   */
  private readonly prepared = new KeptOnce(new LRUCache<string, PreparedCard>({ max: 5000 }), (p) => p.keep);
  /**
   * The features each dashboard publishes, by its id and content version: a function of the dashboard, its tabs
   * and its cards, which all move that version on (migration 0018).
   */
  private readonly published = new LRUCache<string, Promise<ReadonlySet<string>>>({ max: 1000 });
  /**
   * Public answers as sent (`publicAnswer`), by dashboard version and `preparedKey`: a crowd of visitors asks for
   * the same few, each checked against the contract and written out once. Kept as long as the rows they are made
   * of; answers with a card error, or made with the result cache off, are not kept.
   */
  private readonly publicAnswers: KeptOnce<PublicAnswer>;
  constructor(private readonly deps: UnitDataDeps) {
    this.metadata = new ProjectMetadataCache(deps.db, deps.storage);
    const answers = new LRUCache<string, PublicAnswer>({
      maxSize: 32 * 1024 * 1024,
      sizeCalculation: (answer) => answer.text.length + 64,
      ttl: RESULT_TTL_MS,
    });
    this.publicAnswers = new KeptOnce(answers, (answer) => answer.kept);
  }

  /**
   * The saved card `unitId`, as `compute` takes it, from a request that passed the card's project rule: the card
   * with its tab and dashboard as the rule's reader found them (`unitReader`), and the project's data version
   * read with them.
   */
  card(unitId: string, request: FastifyRequest): Card {
    const { resolved, project } = request;
    if (resolved?.kind !== 'unit' || resolved.id !== unitId || !project) {
      throw new Error(`card ${unitId} is read by the 'unit' project rule of its route`);
    }
    const { row, dashboard, tabFilters } = resolved.found as UnitWithPlace;
    return {
      publishedOnly: project.roles.dataset === 'hidden',
      id: row.id,
      name: row.name,
      tabId: row.tabId,
      dashboardId: dashboard.id,
      dashboardVersion: dashboard.contentVersion,
      projectId: dashboard.projectId,
      dataVersion: project.dataVersion,
      type: row.type,
      subtype: row.subtype,
      vis: row.vis,
      savedFilters: savedFiltersOf(dashboard.filters, tabFilters),
    };
  }

  /** A `tabId` sent with a card's request must be the card's own tab. */
  checkTab(card: Card, tabId: string | undefined): void {
    if (tabId && tabId !== card.tabId) throw badRequest('card.notOnTab', { tabId: 'card.notOnTab' });
  }

  /**
   * @param strict the vis is the client's (temporary data): one that does not parse is a 400
   * @param allRows every row (a download): no paging, still refused over MAX_CARD_ROWS
   */
  async compute(
    card: Card,
    request: CardRequest,
    options: { strict?: boolean; allRows?: boolean } = {},
  ): Promise<Computed> {
    return this.computeAsAsked(card, await this.asAsked(card, request), options);
  }

  /**
   * A public card's answer as the public routes send it: JSON through the contract's schema (`getPublicUnitData`).
   * Answers without a card error are kept by the dashboard's version and `preparedKey` (everything the answer is
   * a function of, the rows included; not with RESULT_CACHE=off), and made once for the requests alike that ask
   * meanwhile; `cache` is 'hit' for a kept answer.
   */
  async publicAnswer(card: Card, request: CardRequest): Promise<{ text: string; cache?: 'hit' | 'miss' }> {
    const asked = await this.asAsked(card, request);
    // Kept while neither the data nor the dashboard changes (an edit forgets its answers, as its pages' do).
    const key = `${card.dashboardId}@${card.dashboardVersion}:${preparedKey(card, asked, {})}`;
    const { value, shared } = await this.publicAnswers.get(key, async () => {
      const { answer, cache } = await this.computeAsAsked(card, asked, {});
      const text = JSON.stringify(api.getPublicUnitData.response.parse(answer));
      return { text, cache, kept: answer.error === null && this.deps.results.keeps };
    });
    return { text: value.text, cache: shared ? 'hit' : value.cache };
  }

  /** The request checked against the card's tab and narrowed to what the reader may read (`asAsked`). */
  private async asAsked(card: Card, request: CardRequest): Promise<CardRequest> {
    this.checkTab(card, request.tabId);
    return card.publishedOnly ? this.withinPublished(card, request) : request;
  }

  /** `compute` for a request `asAsked` made. */
  private async computeAsAsked(
    card: Card,
    request: CardRequest,
    options: { strict?: boolean; allRows?: boolean },
  ): Promise<Computed> {
    const prepared = await this.preparedCard(card, request, options);
    if (prepared.kind === 'answer') return { answer: prepared.answer };
    const { compiled, rowsKey, base, page, limit } = prepared;
    try {
      const { rows, cache } = options.allRows
        ? { rows: await runUnitQuery(compiled), cache: undefined }
        : await this.cachedRows(card, compiled, rowsKey);
      const pages = compiled.kind === 'table' ? pagesOf(page, limit, rows.total ?? 0) : null;
      return { answer: { ...answer(rows.data, base), series: rows.series, pages }, rows, cache };
    } catch (error) {
      return { answer: this.failed(error, card, compiled.kind, base) };
    }
  }

  /**
   * The card prepared for this request: kept, or prepared once for every request alike that asks meanwhile (a
   * crowd's first filter change asks for the same cards at once).
   */
  private async preparedCard(
    card: Card,
    request: CardRequest,
    options: { strict?: boolean; allRows?: boolean },
  ): Promise<PreparedCard> {
    const key = preparedKey(card, request, options);
    return (await this.prepared.get(key, () => this.prepare(card, request, options))).value;
  }

  /**
   * The query's rows from the result cache shared by the API processes, or computed and kept there, under
   * `rowsKey` (`rowsKeyOf`). Errors are never kept.
   */
  private async cachedRows(card: Card, compiled: CompiledUnitQuery, rowsKey: string) {
    const { value, cache } = await throughCache(
      this.deps.results,
      rowsKey,
      async () => {
        const started = performance.now();
        const rows = await runUnitQuery(compiled);
        this.deps.log.debug({ unitId: card.id, queryMs: performance.now() - started }, 'card query ran');
        return JSON.stringify(rows);
      },
      (err, what) => this.deps.log.warn({ err }, what),
    );
    return { rows: JSON.parse(value) as Awaited<ReturnType<typeof runUnitQuery>>, cache };
  }

  /**
   * The request with its filters and sorts only on features the card's dashboard publishes. Most requests ask
   * only of the card's own features and its saved filters' (all published): the dashboard is read only when
   * the request names another feature.
   */
  private async withinPublished(card: Card, request: CardRequest): Promise<CardRequest> {
    const own = new Set([...visFeatureIds(card.vis), ...card.savedFilters.map((f) => f.feature.id)]);
    if (askedFeatureIds(request).every((id) => own.has(id))) return request;
    return withinPublished(request, await this.publishedOf(card));
  }

  /** The features the card's dashboard publishes, kept by its content version. */
  publishedOf(card: Card): Promise<ReadonlySet<string>> {
    const key = `${card.dashboardId}@${card.dashboardVersion}`;
    let published = this.published.get(key);
    if (!published) {
      // Read once for every request that asks meanwhile (a crowd's filter change); a failed read is not kept.
      published = publishedFeatureIds(this.deps.db, card.dashboardId);
      this.published.set(key, published);
      published.catch(() => this.published.delete(key));
    }
    return published;
  }

  /**
   * The card compiled for this request, or its answer when there is nothing to run: a pure function of the
   * card, the request and the project's metadata at the card's data version. Throws a 400 for a malformed
   * request (never kept).
   */
  private async prepare(
    card: Card,
    request: CardRequest,
    options: { strict?: boolean; allRows?: boolean },
  ): Promise<PreparedCard> {
    const plan = planCard(card, options.strict ?? false);
    if (plan.kind === 'none') return { kind: 'answer', answer: answer(plan.empty), keep: true };
    if (plan.kind === 'error') {
      return { kind: 'answer', answer: answer(plan.empty, { error: cardError(plan.code) }), keep: true };
    }
    const page = request.page ?? 1;
    const limit = request.limit ?? TABLE_PAGE_SIZE;
    const metadata = this.metadata.of(card.projectId, card.dataVersion);
    const input = {
      type: plan.kind,
      vis: plan.vis,
      filters: await filtersInForce(metadata, card, request.filters),
      ...(request.crossFilters?.length
        ? {
            crossFilters: await knownCrossFilters(
              metadata,
              request.crossFilters,
              card.publishedOnly ? await this.publishedOf(card) : undefined,
            ),
          }
        : {}),
      ...(request.orderBy ? { orderBy: request.orderBy } : {}),
      page,
      limit,
      ...(request.jobId ? { jobId: request.jobId } : {}),
      ...(options.allRows ? { allRows: true } : {}),
    } as UnitQueryInput;
    const resolved = await resolveCard(metadata, input);
    const base = { features: presentFeatures(resolved.features, visFeatureIds(plan.vis)), jobId: resolved.jobId };
    try {
      const compiled = compileUnitQuery(input, resolved.catalog);
      return { kind: 'query', compiled, rowsKey: rowsKeyOf(card, compiled), base, page, limit, keep: true };
    } catch (error) {
      const answered = this.failed(error, card, plan.kind, base);
      return { kind: 'answer', answer: answered, keep: answered.error?.code !== 'error' };
    }
  }

  /**
   * A card that could not be computed: its card error, a 400 for the request's fault, or, for
   * anything else (ours, not the card's: logged), the generic card error.
   */
  private failed(error: unknown, card: Card, kind: QueryType, base: Partial<UnitData>): UnitData {
    const cardFailure = cardErrorOf(error);
    if (cardFailure) return answer(emptyData(kind), { ...base, error: cardFailure });
    if (error instanceof QueryError) throw badRequest(error.said);
    this.deps.log.error({ err: error, unitId: card.id }, 'card data failed');
    return answer(emptyData(kind), { ...base, error: cardError('error') });
  }
}

/**
 * A card ready to run for one request, kept by `preparedKey` (the project's data version is in the key, so a
 * change to its datasets or features makes every later request compile afresh); `keep` is false for an
 * unexpected failure, which is retried.
 */
type PreparedCard = { keep: boolean } & (
  | { kind: 'answer'; answer: UnitData }
  | {
      kind: 'query';
      compiled: CompiledUnitQuery;
      /** Its rows' key in the result cache (`rowsKeyOf`). */
      rowsKey: string;
      base: Pick<UnitData, 'features' | 'jobId'>;
      page: number;
      limit: number;
    }
);

/**
 * The key of a query's rows in the result cache. It holds everything the rows are a function of: the project and
 * its data version (a change to its data makes older entries unreachable), the compiled statement with its values
 * (the card, the filters in force, sort, page, the segments read), and the reader's visibility (`publishedOnly`:
 * filters narrowed to what is published), so two readers share an entry only when they may read the very same rows.
 */
function rowsKeyOf(card: Card, compiled: CompiledUnitQuery): string {
  return cacheKey([card.projectId, card.dataVersion, card.publishedOnly ?? false, compiled]);
}

/** Everything a prepared card is a function of, besides the metadata at the card's data version. */
function preparedKey(card: Card, request: CardRequest, options: { strict?: boolean; allRows?: boolean }): string {
  return JSON.stringify([
    card.projectId,
    card.dataVersion,
    card.publishedOnly ?? false,
    // What the dashboard publishes decides where a published-only reader's cross-filters reach (knownCrossFilters).
    card.publishedOnly ? card.dashboardVersion : null,
    card.type,
    card.subtype,
    card.vis,
    request.filters ?? card.savedFilters,
    request.orderBy ?? null,
    request.crossFilters ?? [],
    request.page ?? 1,
    request.limit ?? TABLE_PAGE_SIZE,
    request.jobId ?? null,
    options.allRows ?? false,
    options.strict ?? false,
  ]);
}

/**
 * The filters in force: the request's when it sends some, else the saved ones of the card's dashboard and tab.
 * Only filters on a feature of the card's project apply; the others are dropped (never a way to read another
 * project's data).
 */
export async function filtersInForce(
  metadata: ProjectMetadata,
  card: Card,
  given: DashboardFilter[] | undefined,
): Promise<DashboardFilter[]> {
  const filters = given ?? card.savedFilters;
  if (!filters.length) return [];
  const known = new Set((await metadata.features(filters.map((f) => f.feature.id))).map((f) => f.id));
  return filters.filter((f) => known.has(f.feature.id));
}

/**
 * Cross-filters name features of the card's project: another id is a 400, as an unknown feature is. Each one
 * stands for every feature it reaches (its lineage: a joined dataset's copy of it, or the source feature a joined
 * feature copies; and through a join's keys, the other side's key: `FeatureLineage.reachOf`), so it reaches a card
 * on whichever of those datasets the card reads; where a dataset holds several of them, a row is kept when any of
 * them holds a value (the compiler's `ReachedCrossFilter`). For a reader of what the dashboard publishes
 * (`published`), a join's pairing reaches published features only: a hidden key is never filtered on
 * (docs/cross-filters.md).
 */
export async function knownCrossFilters(
  metadata: ProjectMetadata,
  given: CrossFilter[],
  published?: ReadonlySet<string>,
): Promise<ReachedCrossFilter[]> {
  const known = new Set((await metadata.features(given.map((c) => c.featureId))).map((f) => f.id));
  const unknown = given.find((c) => !known.has(c.featureId));
  if (unknown) throw badRequest('dashboard.featureNotFound', { crossFilters: 'dashboard.featureNotFound' });
  const lineage = await metadata.lineage();
  const mayPair = published ? (id: string) => published.has(id) : undefined;
  return given.map(({ featureId, ...selected }) => ({ ...selected, featureIds: lineage.reachOf(featureId, mayPair) }));
}

function answer(data: UnitData['data'], extra: Partial<UnitData> = {}): UnitData {
  return { data, series: [], features: [], pages: null, jobId: null, error: null, ...extra };
}

export function presentFeatures(rows: FeatureRow[], used: string[]): UnitFeature[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [...new Set(used)].flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [{ _id: row.id, name: row.name, type: row.type, precision: row.precision, dataset: { _id: row.datasetId } }]
      : [];
  });
}
