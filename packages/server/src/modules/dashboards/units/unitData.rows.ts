import {
  compileUnitQuery,
  drillQueryInput,
  drillTarget,
  QueryError,
  runUnitQuery,
  toCsv,
  type UnitQueryInput,
} from '@tessera/analytics';
import { LATEST, type UnitFeature, type UnitRows, type UnitRowsBody } from '@tessera/shared';
import { badRequest, HttpError } from '../../../platform/errors.ts';
import { resolveCard } from './unitData.catalog.ts';
import { cardFileName } from './unitData.download.ts';
import type { ProjectMetadata } from './unitData.metadata.ts';
import { planCard } from './unitData.plan.ts';
import {
  type Card,
  filtersInForce,
  knownCrossFilters,
  presentFeatures,
  type UnitDataService,
} from './unitData.service.ts';

/**
 * "View rows" (docs/cross-filters.md): the rows behind a card or one of its elements, with every filter its answer
 * had (the request's filters, else the saved ones; the card's; the cross-filters) and the clicked element's
 * conditions, read as a table of the drilled dataset's features (analytics `drillQueryInput`). A reader who may
 * not read the datasets sees only the published features, and may name no other (400).
 */
export interface RowsRequest extends UnitRowsBody {
  tabId?: string;
  page?: number;
  limit?: number;
}

/** Rows of a "View rows" page when the request names no limit. */
export const ROWS_PAGE_SIZE = 50;

interface Prepared {
  input: UnitQueryInput;
  metadata: ProjectMetadata;
  features: UnitFeature[];
}

/** One page of the rows, with their count and the features they are keyed by. */
export async function cardRows(data: UnitDataService, card: Card, request: RowsRequest): Promise<UnitRows> {
  const prepared = await prepareRows(data, card, request, false);
  if (!prepared) return { total: 0, rows: [], features: [] };
  const result = await run(prepared);
  return { total: result.total ?? 0, rows: result.data as UnitRows['rows'], features: prepared.features };
}

/** Every row, as CSV text headed by the features' names (refused over MAX_CARD_ROWS). */
export async function cardRowsCsv(
  data: UnitDataService,
  card: Card,
  request: RowsRequest,
  now = new Date(),
): Promise<{ data: string; fileName: string }> {
  const prepared = await prepareRows(data, card, request, true);
  const fileName = cardFileName(card, now);
  if (!prepared) return { data: '', fileName };
  const names = new Map(prepared.features.map((f) => [f._id, f.name]));
  return { data: toCsv(await run(prepared), (id) => names.get(id) ?? id), fileName };
}

async function run(prepared: Prepared) {
  const { catalog } = await resolveCard(prepared.metadata, prepared.input);
  try {
    return await runUnitQuery(compileUnitQuery(prepared.input, catalog));
  } catch (error) {
    if (error instanceof QueryError && error.code === 'too-much-data') throw new HttpError('too-much-data', error.said);
    if (error instanceof QueryError) throw badRequest(error.said);
    throw error;
  }
}

async function prepareRows(
  data: UnitDataService,
  card: Card,
  request: RowsRequest,
  allRows: boolean,
): Promise<Prepared | undefined> {
  data.checkTab(card, request.tabId);
  const plan = planCard(card, false);
  if (plan.kind === 'none') return undefined;
  if (plan.kind === 'error') throw badRequest('crossFilter.noRows');
  const metadata = data.metadata.of(card.projectId, card.dataVersion);
  const named = [
    ...(request.filters ?? []).map((f) => f.feature.id),
    ...(request.crossFilters ?? []).map((c) => c.featureId),
    ...(request.point ?? []).map((p) => p.featureId),
    ...(request.orderBy ?? []).map((o) => o.value),
  ];
  const found = new Set((await metadata.features(named)).map((f) => f.id));
  if (named.some((id) => !found.has(id))) throw badRequest('dashboard.featureNotFound');
  const published = card.publishedOnly ? await data.publishedOf(card) : undefined;
  if (published && named.some((id) => !published.has(id))) throw badRequest('crossFilter.notPublished');

  const cardInput = {
    type: plan.kind,
    vis: plan.vis,
    filters: await filtersInForce(metadata, card, request.filters),
    ...(request.crossFilters?.length
      ? { crossFilters: await knownCrossFilters(metadata, request.crossFilters, published) }
      : {}),
  } as UnitQueryInput;
  let target: ReturnType<typeof drillTarget>;
  try {
    target = drillTarget(cardInput, request.seriesId);
  } catch (error) {
    if (error instanceof QueryError) throw badRequest(error.said);
    throw error;
  }
  const targetFeature = target?.feature?._id ? (await metadata.features([target.feature._id]))[0] : undefined;
  if (!targetFeature) return undefined;
  const dataset = (await metadata.datasets([targetFeature.datasetId])).get(targetFeature.datasetId);
  const catalog = dataset ? await metadata.catalog(dataset, target?.jobId ?? LATEST) : undefined;
  if (!catalog) return undefined;
  const columns = catalog.features
    .map((f) => f.row)
    .filter((row) => !row.hidden && (!published || published.has(row.id)));
  const input = drillQueryInput({
    card: cardInput,
    seriesId: request.seriesId,
    point: request.point,
    columns: columns.map((row) => row.id),
    orderBy: request.orderBy,
    page: request.page ?? 1,
    limit: request.limit ?? ROWS_PAGE_SIZE,
    allRows,
  });
  if (!input || !columns.length) return undefined;
  return {
    input,
    metadata,
    features: presentFeatures(
      columns,
      columns.map((c) => c.id),
    ),
  };
}
