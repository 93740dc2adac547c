import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswer } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { projects } from '../../db/schema.ts';
import { type AheadLimits, type PageAnswerSource, pageAnswerer } from '../../platform/pageAnswers.ts';
import { addTab, addUnit } from './dashboards.fixtures.ts';
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
  const found = new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return { html, answers: found ? (JSON.parse(found[1] as string) as PageAnswer[]) : undefined };
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

const cardOf = (answer: PageAnswer) => /\/units\/([^/]+)\/data/.exec(answer.url)?.[1];

describe('a public dashboard’s page', () => {
  it('holds the dashboard and its tab’s mapped cards, answered as the browser’s own requests are', async () => {
    const { html, answers } = await page(`/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`);
    expect(html.startsWith(PAGE.slice(0, PAGE.indexOf('</body>')))).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
    expect(html).not.toContain('</script><script>alert(1)');
    expect(answers?.[0]).toMatchObject({ method: 'GET', url: `/api/v1/public/dashboards/${w.dashboard._id}` });
    const cards = answers!.slice(1);
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
  });

  it('opens on the path’s tab, or the first one (a report path, an unknown tab)', async () => {
    const second = await page(`/public/dashboards/${w.dashboard._id}/tabs/${otherTab.id}`);
    expect(second.answers!.slice(1).map(cardOf)).toEqual([otherTab.cardId]);
    for (const url of [
      `/public/dashboards/${w.dashboard._id}`,
      `/public/dashboards/report/${w.dashboard._id}/tabs/nope`,
    ]) {
      expect((await page(url)).answers!.slice(1).map(cardOf).sort(), url).toEqual([chartId, tableId].sort());
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
    const all = (await answerAhead([publicDashboardPage], pathname, { budgetMs: 10_000, maxBytes: 1e6 })) ?? [];
    expect(all).toHaveLength(3);
    const dashboardBytes = JSON.stringify(all[0]?.answer).length;
    const small = await answerAhead([publicDashboardPage], pathname, {
      budgetMs: 10_000,
      maxBytes: dashboardBytes + 10,
    });
    expect(small?.map((a) => a.method)).toEqual(['GET']);
    // Answers after the page's time are left out (the second one comes after 3 s, the page waits 1.5 s).
    const slow = {
      path: /^\/public\//,
      async answer(_match: RegExpExecArray, ask: (r: { method: 'GET'; url: string }) => Promise<unknown>) {
        await ask({ method: 'GET', url: all[0]!.url });
        await new Promise((resolve) => setTimeout(resolve, 3000));
        await ask({ method: 'GET', url: all[0]!.url });
      },
    };
    expect(await answerAhead([slow], pathname, { budgetMs: 1500, maxBytes: 1e6 })).toHaveLength(1);
    // None looked for: answers off, or a page no module answers.
    expect(answerAhead([publicDashboardPage], pathname, { budgetMs: 0, maxBytes: 1e6 })).toBeUndefined();
    expect(answerAhead([publicDashboardPage], '/projects/x', { budgetMs: 10_000, maxBytes: 1e6 })).toBeUndefined();
  });

  it('answers so many pages at once at most: the next one is sent as it is until one has finished', async () => {
    const pathname = `/public/dashboards/${w.dashboard._id}/tabs/${w.tabId}`;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first page's requests go on after its time (1 answer written, then held): it still counts as answering.
    const url = `/api/v1/public/dashboards/${w.dashboard._id}`;
    const holding: PageAnswerSource = {
      path: /^\/public\//,
      async answer(_match, ask) {
        await ask({ method: 'GET', url });
        await held;
        await ask({ method: 'GET', url });
      },
    };
    const answerer = pageAnswerer(w.t.app, [holding], { budgetMs: 200, maxBytes: 1e6, maxPages: 1 });
    expect(await answerer.answer(pathname)).toHaveLength(1);
    expect(answerer.answer(pathname)).toBeUndefined();
    release();
    // Once it has finished, a page gets its answers again (both of them now: nothing holds the second).
    await vi.waitFor(async () => expect(await answerer.answer(pathname)).toHaveLength(2));
  });
});
