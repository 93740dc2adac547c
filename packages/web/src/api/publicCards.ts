import {
  api,
  PREVIEW_TOKEN_PARAM,
  PUBLIC_CARDS_PER_REQUEST,
  type PublicCardRequest,
  requestUrl,
  type UnitData,
} from '@tessera/shared';
import { apiError, safeJson } from './client.ts';
import { takePageAnswer } from './pageAnswers.ts';

/**
 * A public page's card data requests (a public dashboard, the preview renderer's page): those made together (a
 * tab opening, a filter change: every card asks in the same turn of the event loop) go as one request of the
 * dashboard (`getPublicUnitsData`), whose answer comes one line per card as each is computed; each card's
 * promise settles with its own line, so a slow card holds back no other. A request the server already answered
 * inside the page is not sent (pageAnswers.ts). A card whose query is cancelled (`signal`) leaves the batch; a
 * batch whose every card left is cancelled.
 */
export async function fetchPublicCard(
  dashboardId: string,
  previewToken: string | undefined,
  request: PublicCardRequest,
  signal?: AbortSignal,
): Promise<UnitData> {
  const token = previewToken ? { [PREVIEW_TOKEN_PARAM]: previewToken } : {};
  const ownUrl = requestUrl(
    api.getPublicUnitData.path,
    { id: dashboardId, unitId: request.unitId },
    { ...request.query, ...token },
  );
  const written = await takePageAnswer('POST', ownUrl, request.body);
  if (written) return api.getPublicUnitData.response.parse(written.answer);
  if (signal?.aborted) throw signal.reason;
  return new Promise((resolve, reject) => {
    const url = requestUrl(api.getPublicUnitsData.path, { id: dashboardId }, token);
    let batch = gathering.get(url);
    if (!batch) {
      const started: Waiting[] = [];
      batch = started;
      gathering.set(url, started);
      setTimeout(() => {
        gathering.delete(url);
        for (let at = 0; at < started.length; at += PUBLIC_CARDS_PER_REQUEST) {
          void send(url, started.slice(at, at + PUBLIC_CARDS_PER_REQUEST));
        }
      }, 0);
    }
    const waiting: Waiting = { request, resolve, reject, settled: false, signal };
    batch.push(waiting);
    signal?.addEventListener('abort', () => settle(waiting, () => reject(signal.reason)), { once: true });
  });
}

interface Waiting {
  request: PublicCardRequest;
  resolve: (data: UnitData) => void;
  reject: (error: unknown) => void;
  settled: boolean;
  signal: AbortSignal | undefined;
}

/** The requests being gathered for the next batch, by batch URL (a dashboard, with its preview token). */
const gathering = new Map<string, Waiting[]>();

function settle(waiting: Waiting, how: () => void) {
  if (waiting.settled) return;
  waiting.settled = true;
  how();
}

/** Sends one batch and settles each card with its line; whatever is left unanswered fails. */
async function send(url: string, batch: Waiting[]) {
  const cards = batch.filter((waiting) => !waiting.settled);
  if (!cards.length) return;
  const cancel = new AbortController();
  const leave = () => {
    if (cards.every((waiting) => waiting.settled)) cancel.abort();
  };
  for (const waiting of cards) waiting.signal?.addEventListener('abort', leave, { once: true });
  const failAll = (error: unknown) => {
    for (const waiting of cards) settle(waiting, () => waiting.reject(error));
  };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify({ cards: cards.map((waiting) => waiting.request) }),
      signal: cancel.signal,
    });
    if (!res.ok || !res.body) {
      const text = await res.text();
      throw apiError(res.status, text ? safeJson(text) : undefined, res.statusText);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      pending += value;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) answer(cards, line);
    }
    if (pending) answer(cards, pending);
    // A line that never came (the connection ended early) is that card's failure.
    failAll(apiError(500, undefined));
  } catch (error) {
    failAll(error);
  }
}

/** Settles the card of one line of the answer. */
function answer(cards: Waiting[], line: string) {
  if (!line.trim()) return;
  const parsed = api.getPublicUnitsData.response.safeParse(safeJson(line));
  if (!parsed.success) return;
  const waiting = cards[parsed.data.index];
  if (!waiting) return;
  const one = parsed.data;
  if ('data' in one) settle(waiting, () => waiting.resolve(one.data));
  else settle(waiting, () => waiting.reject(apiError(one.status, { error: one.error })));
}
