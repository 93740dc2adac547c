import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_ANSWERS_ATTRIBUTE, type PageAnswer, type UnitData } from '@tessera/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AheadLimits, type PageAnswerSource, type PageAnswers, pageAnswerer } from '../../platform/pageAnswers.ts';
import { projects } from '../../platform/tenancy.tables.ts';
import { addTab, addUnit } from './dashboards.fixtures.ts';
import { dashboards } from './dashboards.tables.ts';
import { publicDashboardPage } from './publicPage.ts';
import { type CardsWorld, call, cardsWorld, categoryFilter, ref, savedCard } from './units/unitData.fixtures.ts';

/**
 * A public dashboard's page comes with its first answers written in (platform/pageAnswers.ts): the dashboard and
 * its tab's cards, each exactly what the browser's own request would get, so that the page makes none of them.
 */
const PAGE =
  '<html><head><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>';
const web = mkdtempSync(path.join(os.tmpdir(), 'tessera-public-page-'));
writeFileSync(path.join(web, 'index.html'), '<html><body>index</body></html>');
writeFileSync(path.join(web, 'public.html'), PAGE);

let w: CardsWorld;
let chartId: string;
let tableId: string;
let emptyId: string;
let otherTab: { id: string; cardId: string };

beforeAll(async () => {
  w = await cardsWorld({ WEB_DIST: web, PAGE_ANSWERS_MS: '10000' });
  await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
  const editor = call(w, w.editor);
  const filter = await editor(
    'POST',
    `/api/v1/dashboards/${w.dashboard._id}/filters`,
    categoryFilter(w.sales, 'region', ['North', 'South']),
  );
  expect(filter.status, JSON.stringify(filter.body)).toBe(200);
  const sumByRegion = {
    chartType: 'bar',
    independent: [{ series: [{ id: 'x', feature: ref(w.sales, 'region'), operation: '' }] }],
    dependent: [{ series: [{ id: 'y', feature: ref(w.sales, 'qty'), operation: 'sum' }] }],
  };
  // A name that would end the page's script element early if it were written as it is.
  chartId = (await savedCard(w, 'chart', sumByRegion, { name: 'Qty </script><script>alert(1)</script><!--' }))._id;
  tableId = (await savedCard(w, 'table', { table: [{ id: 'id', feature: ref(w.sales, 'order_id') }] }))._id;
  emptyId = (await addUnit(w.t, w.editor, w.tabId)).unit._id;
  const second = await addTab(w.t, w.editor, w.dashboard._id, 'Second');
  const card = await savedCard(
    w,
    'kpi',
    { kpi: [{ id: 'k', feature: ref(w.sales, 'qty'), operation: 'sum' }] },
    {
      tabId: second._id,
    },
  );
  otherTab = { id: second._id, cardId: card._id };
});
afterAll(async () => {
  await w?.t.close();
  rmSync(web, { recursive: true, force: true });
});

async function page(url: string): Promise<{ html: string; answers: PageAnswer[] | undefined }> {
  const res = await w.t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers['cache-control']).toBe('no-cache');
  const html = res.body;
  const written = [
    ...html.matchAll(new RegExp(`<script type="application/json" ${PAGE_ANSWERS_ATTRIBUTE}>(.*?)</script>`, 'g')),
  ];
  const answers = written.map((found) => JSON.parse(found[1] as string) as PageAnswer);
  return { html, answers: written.length ? answers : undefined };
}

/** What the browser itself would get for the same request. */
async function asked(answer: PageAnswer): Promise<unknown> {
  const res = await w.t.app.inject({
    method: answer.method,
    url: answer.url,
    ...(answer.body === undefined ? {} : { payload: answer.body as object }),
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The answers a page gets: at once, or those that come within its time. */
async function settled(answers: Promise<PageAnswers> | undefined): Promise<PageAnswer[] | undefined> {
  if (!answers) return undefined;
  const found = await answers;
  if ('now' in found) return [...found.now];
  const came: PageAnswer[] = [];
  await found.coming.follow((one) => came.push(one));
  return came;
}

const cardOf = (answer: PageAnswer) => /\/units\/([^/]+)\/data/.exec(answer.url)?.[1];

describe('a public dashboard’s page', () => {
  it('holds the dashboard and its tab’s mapped cards, answered as the browser’s own requests are', async () => {
    const { html, answers } = await page(`/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`);
    expect(html.startsWith(PAGE.slice(0, PAGE.indexOf('</body>')))).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(answers?.[0]).toMatchObject({ method: 'GET', url: `/api/v1/public/dashboards/${w.dashboard._id}` });
    // Its model bars (read-only), as the page asks for them.
    expect(answers?.[1]).toMatchObject({ method: 'GET', url: `/api/v1/public/dashboards/${w.dashboard._id}/models` });
    const cards = answers!.slice(2);
    expect(cards.map(cardOf).sort()).toEqual([chartId, tableId].sort());
    expect(cards.map(cardOf)).not.toContain(emptyId);
    for (const answer of answers!) expect(answer.answer, answer.url).toEqual(await asked(answer));
    // The saved filter is in force (North and South only), the table on its first page.
    const chart = cards.find((a) => cardOf(a) === chartId)!;
    expect((chart.body as { filters: unknown[] }).filters).toHaveLength(1);
    expect((chart.answer as { data: Array<Record<string, unknown>> }).data.map((r) => r.x).sort()).toEqual([
      'North',
      'South',
    ]);
    expect(cards.find((a) => cardOf(a) === tableId)!.url).toContain(`tabId=${w.tabId}&page=1`);
    // The next visitor gets the page kept: the same, made once, in the encoding they accept.
    const url = `/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`;
    expect((await page(url)).html).toBe(html);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await w.t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode(res.rawPayload).toString()).toBe(html);
    }
  });

  it('is streamed compressed while its answers are asked for (the first visitors after a change)', async () => {
    await w.t.database.db
      .update(projects)
      .set({ dataVersion: sql`${projects.dataVersion} + 1` })
      .where(eq(projects.id, w.projectId));
    const url = `/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`;
    // A crowd arriving together: each gets the page with its answers, the same bytes (one stream: streamedPage.ts).
    const crowd = await Promise.all(
      [1, 2, 3].map(() => w.t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })),
    );
    const html = (await page(url)).html;
    for (const res of crowd) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
      expect(res.rawPayload.equals(crowd[0]?.rawPayload as Buffer)).toBe(true);
    }
  });

  it('opens on the path’s tab, or the first one (a report path, an unknown tab)', async () => {
    const second = await page(`/public/dashboards/${w.dashboard._id}/tabs/${otherTab.id}`);
    expect(second.answers!.slice(2).map(cardOf)).toEqual([otherTab.cardId]);
    for (const url of [
      `/public/dashboards/${w.dashboard._id}`,
      `/public/dashboards/report/${w.dashboard._id}/tabs/nope`,
    ]) {
      expect((await page(url)).answers!.slice(2).map(cardOf).sort(), url).toEqual([chartId, tableId].sort());
    }
  });

  it('holds nothing for a dashboard that is not public, and is the plain page for HEAD', async () => {
    await w.t.database.db.update(projects).set({ public: false }).where(eq(projects.id, w.projectId));
    try {
      const closed = await page(`/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`);
      expect(closed.answers).toBeUndefined();
      expect(closed.html).toBe(PAGE);
    } finally {
      await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
    }
    const head = await w.t.app.inject({ method: 'HEAD', url: `/public/dashboards/${w.dashboard._id}` });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('writes only what came within its time and size limits', async () => {
    const pathname = `/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`;
    const answerAhead = (sources: PageAnswerSource[], path: string, limits: Omit<AheadLimits, 'maxPages'>) =>
      pageAnswerer(w.t.app, sources, { ...limits, maxPages: 4 }).answer(path);
    const answerAheadNow = async (...args: Parameters<typeof answerAhead>) => settled(answerAhead(...args));
    const all = (await answerAheadNow([publicDashboardPage], pathname, { budgetMs: 10_000, maxBytes: 1e6 })) ?? [];
    expect(all).toHaveLength(4);
    const dashboardBytes = JSON.stringify(all[0]?.answer).length;
    const small = await answerAheadNow([publicDashboardPage], pathname, {
      budgetMs: 10_000,
      maxBytes: dashboardBytes + 10,
    });
    expect(small?.map((a) => a.method)).toEqual(['GET']);
    // Answers after the page's time are left out (the rest's second one comes after 3 s, the page waits 1.5 s).
    const slow: PageAnswerSource = {
      path: /^\/public\//,
      async asks() {
        return {
          keptUnder: [],
          async ask(ask) {
            await ask({ method: 'GET', url: all[0]!.url });
            await new Promise((resolve) => setTimeout(resolve, 3000));
            await ask({ method: 'GET', url: all[0]!.url });
            return true;
          },
        };
      },
    };
    expect(await answerAheadNow([slow], pathname, { budgetMs: 1500, maxBytes: 1e6 })).toHaveLength(1);
    // None looked for: answers off, or a page no module answers.
    expect(answerAhead([publicDashboardPage], pathname, { budgetMs: 0, maxBytes: 1e6 })).toBeUndefined();
    expect(answerAhead([publicDashboardPage], '/projects/x', { budgetMs: 10_000, maxBytes: 1e6 })).toBeUndefined();
  });

  it('asks for so many pages at once at most: one more gets no answers until one has finished', async () => {
    const pathname = `/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first page's requests go on after its time (1 answer written, then held): it still counts.
    const url = `/api/v1/public/dashboards/${w.dashboard._id}`;
    let page = 0;
    const holding: PageAnswerSource = {
      path: /^\/public\//,
      async asks() {
        return {
          keptUnder: [page++],
          async ask(ask) {
            await ask({ method: 'GET', url });
            await held;
            await ask({ method: 'GET', url });
            return true;
          },
        };
      },
    };
    const answerer = pageAnswerer(w.t.app, [holding], { budgetMs: 200, maxBytes: 1e6, maxPages: 1 });
    expect(await settled(answerer.answer(pathname))).toHaveLength(1);
    expect(await settled(answerer.answer(pathname))).toEqual([]);
    release();
    // Once it has finished, a page gets its answers again (both of them now: nothing holds the second).
    await vi.waitFor(async () => expect(await settled(answerer.answer(pathname))).toHaveLength(2));
  });

  it('moves the dashboard’s content version with every change to it, its tabs and its cards, not its preview’s', async () => {
    const version = async () => {
      const [row] = await w.t.database.db
        .select({ v: dashboards.contentVersion })
        .from(dashboards)
        .where(eq(dashboards.id, w.dashboard._id));
      return row!.v;
    };
    const editor = call(w, w.editor);
    const changes: Array<[string, () => Promise<unknown>]> = [
      ['the dashboard renamed', () => editor('PUT', `/api/v1/dashboards/${w.dashboard._id}`, { name: 'Renamed' })],
      ['a tab added', () => addTab(w.t, w.editor, w.dashboard._id, 'Third')],
      ['a tab renamed', () => editor('PUT', `/api/v1/tabs/${otherTab.id}`, { name: 'Second, renamed' })],
      ['a card added', () => addUnit(w.t, w.editor, otherTab.id)],
      ['a card changed', () => editor('PUT', `/api/v1/units/${otherTab.cardId}`, { name: 'KPI, renamed' })],
      ['a card removed', () => editor('DELETE', `/api/v1/tabs/${w.tabId}/units/${emptyId}`)],
    ];
    for (const [change, make] of changes) {
      const before = await version();
      const res = (await make()) as { status?: number; body?: unknown };
      if (res.status !== undefined) expect(res.status, `${change}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(await version(), change).toBeGreaterThan(before);
    }
    // Its preview image's bookkeeping (a render asked for, taken) changes nothing the page shows.
    const before = await version();
    await w.t.database.db
      .update(dashboards)
      .set({ previewStatus: 'ready', previewRenderedAt: new Date(), previewRequestedAt: null, previewError: null })
      .where(eq(dashboards.id, w.dashboard._id));
    expect(await version()).toBe(before);
  });

  describe('pages alike', () => {
    const pathname = () => `/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`;
    /** The dashboard's page source, counting the requests it asks. */
    function counted() {
      const counter = { asked: 0 };
      const source: PageAnswerSource = {
        path: publicDashboardPage.path,
        async asks(match, app) {
          const asks = await publicDashboardPage.asks(match, app);
          return (
            asks && {
              keptUnder: asks.keptUnder,
              ask: (askOne) =>
                asks.ask((request) => {
                  counter.asked++;
                  return askOne(request);
                }),
            }
          );
        },
      };
      const answerer = pageAnswerer(w.t.app, [source], { budgetMs: 10_000, maxBytes: 1e6, maxPages: 4 });
      return { counter, answerer };
    }

    it('share their answers: asked once for a crowd arriving together, then kept', async () => {
      const { counter, answerer } = counted();
      const crowd = await Promise.all(Array.from({ length: 6 }, () => settled(answerer.answer(pathname()))));
      expect(counter.asked).toBe(4);
      for (const answers of crowd) {
        expect(answers?.slice(2).map(cardOf).sort()).toEqual([chartId, tableId].sort());
        expect(answers).toEqual(crowd[0]);
      }
      const kept = await answerer.answer(pathname());
      expect(kept && 'now' in kept && kept.now).toEqual(crowd[0]);
      const later = await settled(answerer.answer(pathname()));
      expect(counter.asked).toBe(4);
      expect(later).toEqual(crowd[0]);
      for (const answer of later!) expect(answer.answer, answer.url).toEqual(await asked(answer));
      // The same page by other paths: without its tab, a report's path, an unknown tab (the first one opens).
      for (const url of [
        `/public/dashboards/${w.dashboard._id}`,
        `/public/dashboards/report/${w.dashboard._id}/tabs/${w.tabId}/`,
        `/public/dashboards/${w.dashboard._id}/tabs/0123456789abcdef01234567`,
      ]) {
        expect(await settled(answerer.answer(url)), url).toEqual(crowd[0]);
      }
      expect(counter.asked).toBe(4);
    });

    it('are asked afresh once the dashboard or its data have changed, and never kept for a closed one', async () => {
      const { counter, answerer } = counted();
      await settled(answerer.answer(pathname()));
      expect(counter.asked).toBe(4);
      // A card renamed: the dashboard's content version moved on.
      const editor = call(w, w.editor);
      const renamed = await editor('PUT', `/api/v1/units/${tableId}`, { name: 'Orders, renamed' });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      const afterRename = await settled(answerer.answer(pathname()));
      expect(counter.asked).toBe(8);
      for (const answer of afterRename!) expect(answer.answer, answer.url).toEqual(await asked(answer));
      // The project's data moved on (an import, a type change...): its data version differs.
      await w.t.database.db
        .update(projects)
        .set({ dataVersion: sql`${projects.dataVersion} + 1` })
        .where(eq(projects.id, w.projectId));
      await settled(answerer.answer(pathname()));
      expect(counter.asked).toBe(12);
      await w.t.database.db.update(projects).set({ public: false }).where(eq(projects.id, w.projectId));
      try {
        expect(await settled(answerer.answer(pathname()))).toEqual([]);
        expect(counter.asked).toBe(12);
      } finally {
        await w.t.database.db.update(projects).set({ public: true }).where(eq(projects.id, w.projectId));
      }
    });

    it('are not kept while a card answers with an error', async () => {
      const sumOfRegion = {
        chartType: 'bar',
        independent: [{ series: [{ id: 'x', feature: ref(w.sales, 'region'), operation: '' }] }],
        dependent: [{ series: [{ id: 'y', feature: ref(w.sales, 'region'), operation: 'sum' }] }],
      };
      const failing = await savedCard(w, 'chart', sumOfRegion, { name: 'Sum of a category' });
      try {
        const { counter, answerer } = counted();
        const first = await settled(answerer.answer(pathname()));
        const error = first?.find((answer) => cardOf(answer) === failing._id)?.answer as UnitData;
        expect(error.error?.reason).toBe('operation-type');
        expect(counter.asked).toBe(5);
        await settled(answerer.answer(pathname()));
        expect(counter.asked).toBe(10);
      } finally {
        const removed = await call(w, w.editor)('DELETE', `/api/v1/tabs/${w.tabId}/units/${failing._id}`);
        expect(removed.status).toBe(200);
      }
    });
  });
});
