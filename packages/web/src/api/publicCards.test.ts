import { PAGE_ANSWERS_ATTRIBUTE } from '@tessera/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const D = '0000000000000000000000d1';
const T = '0000000000000000000000a1';
const unitIds = ['0000000000000000000000e1', '0000000000000000000000e2', '0000000000000000000000e3'];
const answerOf = (n: number) => ({
  data: [{ x: 'a', y: n }],
  series: [],
  features: [],
  pages: null,
  jobId: null,
  error: null,
});

/** A fresh module (page answers are read once per page), with `answers` written into the page when given. */
async function publicCards(answers?: unknown[]) {
  for (const answer of answers ?? []) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.setAttribute(PAGE_ANSWERS_ATTRIBUTE, '');
    element.textContent = JSON.stringify(answer);
    document.body.append(element);
  }
  vi.resetModules();
  return import('./publicCards.ts');
}

/** An answer streamed as the server writes it: the lines in the order given, each in its own chunk. */
function streamed(lines: unknown[], status = 200) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const line of lines) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/x-ndjson' } });
}

const ask = (module: Awaited<ReturnType<typeof publicCards>>, unitId: string, signal?: AbortSignal) =>
  module.fetchPublicCard(D, undefined, { unitId, query: { tabId: T }, body: {} }, signal);

describe('public cards asked together', () => {
  const fetch = vi.fn();
  beforeEach(() => {
    fetch.mockReset();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('go as one request of the dashboard, each settled by its own line in the order the lines come', async () => {
    fetch.mockImplementation(async () =>
      streamed([
        { index: 2, data: answerOf(3) },
        { index: 0, data: answerOf(1) },
        { index: 1, status: 404, error: { code: 'not-found', message: 'Dashboard not found' } },
      ]),
    );
    const module = await publicCards();
    const [first, second, third] = unitIds.map((id) => ask(module, id));
    await expect(third).resolves.toEqual(answerOf(3));
    await expect(first).resolves.toEqual(answerOf(1));
    await expect(second).rejects.toMatchObject({ status: 404, code: 'not-found' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/v1/public/dashboards/${D}/units/data`);
    expect(JSON.parse(init.body as string)).toEqual({
      cards: unitIds.map((unitId) => ({ unitId, query: { tabId: T }, body: {} })),
    });
  });

  it('leave out a card the page already answered, and a cancelled card', async () => {
    fetch.mockImplementation(async () => streamed([{ index: 0, data: answerOf(2) }]));
    const module = await publicCards([
      {
        method: 'POST',
        url: `/api/v1/public/dashboards/${D}/units/${unitIds[0]}/data?tabId=${T}`,
        body: {},
        answer: answerOf(9),
      },
    ]);
    const cancel = new AbortController();
    const written = ask(module, unitIds[0] as string);
    const sent = ask(module, unitIds[1] as string);
    const cancelled = expect(ask(module, unitIds[2] as string, cancel.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    cancel.abort();
    await cancelled;
    await expect(written).resolves.toEqual(answerOf(9));
    await expect(sent).resolves.toEqual(answerOf(2));
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string).cards.map((c: { unitId: string }) => c.unitId)).toEqual([unitIds[1]]);
  });

  it('fail every card with the error of a refused batch, and a card whose line never came', async () => {
    fetch.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: { code: 'not-found', message: 'Dashboard not found' } }), {
          status: 404,
        }),
    );
    const module = await publicCards();
    const refused = unitIds.slice(0, 2).map((id) => ask(module, id));
    for (const card of refused) await expect(card).rejects.toMatchObject({ status: 404, code: 'not-found' });

    fetch.mockImplementationOnce(async () => streamed([{ index: 1, data: answerOf(2) }]));
    const [lost, answered] = unitIds.slice(0, 2).map((id) => ask(module, id));
    await expect(answered).resolves.toEqual(answerOf(2));
    await expect(lost).rejects.toMatchObject({ status: 500, code: 'unknown' });
  });
});
