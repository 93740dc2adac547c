import { api, type PublicCardAnswer, type PublicCardRequest } from '@tessera/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorAnswer, HttpError, notFound } from '../../../platform/errors.ts';
import { mailLanguage } from '../../../platform/mailLanguage.ts';
import { route } from '../../../platform/routes.ts';
import { dashboardsDepsOf, unitDataServiceOf } from '../dashboards.jobs.ts';
import type { DashboardRow, PublicUnitPlace } from '../dashboards.store.ts';
import { authorOf } from '../history/author.ts';
import { resolvePublicUnit, resolvePublicUnits } from '../public.ts';
import { downloadCard } from './unitData.download.ts';
import { cardRows, cardRowsCsv } from './unitData.rows.ts';
import { type Card, type Computed, savedFiltersOf } from './unitData.service.ts';
import { UnitsService } from './units.service.ts';

/** Cards: added, duplicated and deleted on their tab; shown and saved on their own; their data and download. */
export async function unitsRoutes(app: FastifyInstance) {
  const units = new UnitsService(dashboardsDepsOf(app));
  const data = unitDataServiceOf(app);

  route(app, api.createUnit, async ({ params, body, auth, request }) => ({
    ...(await units.create(params.id, body?.layoutItem, authorOf(auth, request))),
    ...(body?.clientId ? { clientId: body.clientId } : {}),
  }));
  route(app, api.duplicateUnit, ({ params, body, auth, request }) =>
    units.duplicate(
      params.id,
      params.unitId,
      body?.layoutItem,
      authorOf(auth, request),
      mailLanguage(request.headers['accept-language']),
    ),
  );
  route(app, api.deleteUnit, ({ params, auth, request }) =>
    units.delete(params.id, params.unitId, authorOf(auth, request)),
  );
  route(app, api.getUnit, ({ params }) => units.get(params.id));

  // Save; with shouldGetData, the saved card's data is computed at once and merged into the answer.
  route(app, api.updateUnit, async ({ params, query, body, request, auth }) => {
    const author = authorOf(auth, request);
    if (query.shouldGetData !== 'true') return units.update(params.id, body, author);
    const before = data.card(params.id, request);
    data.checkTab(before, query.tabId);
    const unit = await units.update(params.id, body, author);
    const card: Card = { ...before, name: unit.name, type: unit.type, subtype: unit.subtype, vis: unit.vis };
    return { ...unit, data: (await data.compute(card, { tabId: query.tabId })).answer };
  });

  route(app, api.getUnitData, async ({ params, query, body, request, reply }) => {
    const { answer, cache } = await data.compute(data.card(params.id, request), { ...query, ...(body ?? {}) });
    cacheHeader(reply, cache);
    return answer;
  });

  // The mapping editor's live preview: the unsaved vis of the card `unitId`, read within that card's project.
  route(app, api.getTemporaryUnitData, async ({ query, body, request }) => {
    const { unitId, ...rest } = query;
    const { type, subtype, vis, ...cardRequest } = body;
    const card: Card = { ...data.card(unitId, request), type, subtype: subtype ?? null, vis };
    return (await data.compute(card, { ...rest, ...cardRequest }, { strict: true })).answer;
  });

  route(app, api.downloadUnit, async ({ params, query, request }) =>
    downloadCard(data, data.card(params.id, request), query),
  );

  // "View rows" (docs/cross-filters.md): the rows behind the card or one of its elements, and their CSV.
  route(app, api.getUnitRows, ({ params, query, body, request }) =>
    cardRows(data, data.card(params.id, request), { ...query, ...(body ?? {}) }),
  );
  route(app, api.downloadUnitRows, ({ params, query, body, request }) =>
    cardRowsCsv(data, data.card(params.id, request), { ...query, ...(body ?? {}) }),
  );

  /** A public card for "View rows": the visitor's address may ask PUBLIC_ROWS_PER_MINUTE times a minute. */
  const publicRowsCard = async (
    params: { id: string; unitId: string },
    previewToken: string | undefined,
    ip: string,
  ) => {
    if (!(await app.ctx.counters.hit(`public-rows:${ip}`, PUBLIC_ROWS_PER_MINUTE, 60_000))) {
      throw new HttpError('rate-limited', 'crossFilter.rateLimited');
    }
    const { dashboard, dataVersion, ...place } = await resolvePublicUnit(
      app.ctx.db,
      params.id,
      params.unitId,
      previewToken,
    );
    return publicCard(dashboard, dataVersion, place);
  };
  route(app, api.getPublicUnitRows, async ({ params, query, body, request }) => {
    const { previewToken, ...rest } = query;
    return cardRows(data, await publicRowsCard(params, previewToken, request.ip), { ...rest, ...(body ?? {}) });
  });
  route(app, api.downloadPublicUnitRows, async ({ params, query, body, request }) => {
    const { previewToken, ...rest } = query;
    return cardRowsCsv(data, await publicRowsCard(params, previewToken, request.ip), { ...rest, ...(body ?? {}) });
  });

  // Public pages and the preview renderer: only cards of an open dashboard; the filters sent are the visitor's.
  route(app, api.getPublicUnitData, async ({ params, query, body, reply }) => {
    const { previewToken, ...rest } = query;
    const { dashboard, dataVersion, ...place } = await resolvePublicUnit(
      app.ctx.db,
      params.id,
      params.unitId,
      previewToken,
    );
    const card = publicCard(dashboard, dataVersion, place);
    // Sent as made by publicAnswer: through the contract's schema, as the route's serializer would.
    const { text, cache } = await data.publicAnswer(card, { ...rest, ...(body ?? {}) });
    cacheHeader(reply, cache);
    return reply.type('application/json; charset=utf-8').send(text);
  });

  // Several cards of an open dashboard at once (a tab opening, a filter change): the dashboard is checked once,
  // then each card is answered on its own line as soon as it is computed, as its own request would be.
  route(app, api.getPublicUnitsData, async ({ params, query, body, request, reply }) => {
    const asked = body.cards.map((card) => card.unitId);
    const { dashboard, dataVersion, cards } = await resolvePublicUnits(
      app.ctx.db,
      params.id,
      asked,
      query.previewToken,
    );
    /** The card's line (`PublicCardAnswer`): its answer as publicAnswer made it, or its error. */
    const lineOf = async ({ unitId, query, body }: PublicCardRequest, index: number): Promise<string> => {
      try {
        const place = cards.get(unitId);
        if (!place) throw notFound('dashboard.notFound');
        const card = publicCard(dashboard, dataVersion, place);
        const { text } = await data.publicAnswer(card, { ...query, ...body });
        return `{"index":${index},"data":${text}}`;
      } catch (err) {
        const { status, body } = errorAnswer(err);
        if (status >= 500) request.log.error({ err, unitId }, 'a card of a public batch failed');
        return JSON.stringify({ index, status, ...body } satisfies PublicCardAnswer);
      }
    };
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    await Promise.all(
      body.cards.map(async (card, index) => {
        const line = await lineOf(card, index);
        if (!reply.raw.destroyed) reply.raw.write(`${line}\n`);
      }),
    );
    reply.raw.end();
    return reply;
  });
}

/** "View rows" requests of one address on public dashboards, a minute (docs/cross-filters.md). */
export const PUBLIC_ROWS_PER_MINUTE = 120;

/** A card of an open dashboard as `compute` takes it: the visitor reads only what the dashboard publishes. */
function publicCard(
  dashboard: Pick<DashboardRow, 'id' | 'contentVersion' | 'projectId' | 'filters'>,
  dataVersion: number,
  { tab, unit }: Pick<PublicUnitPlace, 'tab' | 'unit'>,
): Card {
  return {
    id: unit.id,
    name: unit.name,
    tabId: unit.tabId,
    dashboardId: dashboard.id,
    dashboardVersion: dashboard.contentVersion,
    projectId: dashboard.projectId,
    dataVersion,
    type: unit.type,
    subtype: unit.subtype,
    vis: unit.vis,
    savedFilters: savedFiltersOf(dashboard.filters, tab.filters),
    publishedOnly: true,
  };
}

/** `x-tessera-cache: hit|miss`: whether the card's rows came from the shared result cache (tests, bench/load). */
function cacheHeader(reply: FastifyReply, cache: Computed['cache']): void {
  if (cache) reply.header('x-tessera-cache', cache);
}
