import { PAGE_ANSWERS_ATTRIBUTE, type PageAnswer } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { RESULT_TTL_MS } from './resultCache.ts';

/**
 * Answering a page ahead (shared `PAGE_ANSWERS_ATTRIBUTE`): for a web app path a module knows, the server asks
 * its own routes what the page will ask first, while the browser fetches the page's scripts, and writes each
 * answer into the page as it comes; the web app, already running, takes them instead of asking (a public
 * dashboard: its detail and its first tab's cards, two round trips after the scripts ran). The requests go
 * through the app itself (`inject`): the same routes, access rules and answers as the browser's own requests
 * would get.
 *
 * Pages alike share their answers. For every page the module reads whether it opens and what its answers are a
 * function of (a dashboard's content version and its project's data version, bumped by triggers with any
 * change): the answers are asked once per process while the pages alike wait for them together, then kept for
 * a while (`KEPT_PAGES`), so that a crowd of visitors of one dashboard costs one read each, not one request per
 * card.
 */

/** One request the page will make, as the web app sends it. */
export interface PageRequest {
  method: 'GET' | 'POST';
  /** The path with its query (shared `requestUrl`). */
  url: string;
  body?: unknown;
}

/** Answers one request through the app's routes: its answer when it is a 200, else undefined. */
export type Ask = (request: PageRequest) => Promise<unknown | undefined>;

/** What a page is answered with ahead. */
export interface PageAsks {
  /**
   * Everything the answers are a function of, read afresh for this page: pages of one source whose these are the
   * same share their answers, whatever their paths.
   */
  keptUnder: unknown[];
  /**
   * Asks, through `ask`, the requests the page makes first (it may ask more once it has an answer); answers
   * whether their answers may be kept (not when one tells of a failure that may pass).
   */
  ask(ask: Ask): Promise<boolean>;
}

/** A module's part: the pages it answers ahead, and what their first requests are. */
export interface PageAnswerSource {
  /** Web app paths (pathname only) whose page it answers ahead. */
  path: RegExp;
  /** What the page is answered with; undefined when it is answered with nothing (it does not open). */
  asks(match: RegExpExecArray, app: FastifyInstance): Promise<PageAsks | undefined>;
}

export interface AheadLimits {
  /**
   * Pages stay open this long at most, from the first of the pages asking together, for answers being asked
   * for (`PAGE_ANSWERS_MS`); later ones are left to the page itself, whose own request then finds them in the
   * result cache. Kept answers need no waiting.
   */
  budgetMs: number;
  /** Bytes of answers written into one page at most (a table or a scatter of many rows is left out). */
  maxBytes: number;
  /**
   * Pages being asked for at once at most (pages alike count once); a page that would be one more gets no
   * answers. Under a crowd of visitors of many pages, answers that miss the page's time would only be computed
   * twice (once ahead, once by the page).
   */
  maxPages: number;
}

/**
 * The page waits this long at most for the read of whether it opens and what its answers are a function of: one
 * indexed read, slow only when the process is busy with a crowd, whose pages are then best answered from what is
 * kept rather than by a dozen requests more each.
 */
export const READ_WAIT_MS = 5000;
export const MAX_PAGE_ANSWER_BYTES = 512 * 1024;
export const MAX_PAGES_ANSWERED_AT_ONCE = 4;
/**
 * How long a page's answers are kept at most: as long as the result cache keeps a card's rows (a
 * card filtered on the last days moves with the clock), and how many bytes of them a process keeps.
 */
export const KEPT_PAGES = { ttlMs: RESULT_TTL_MS, maxBytes: 64 * 1024 * 1024 };

/** A page's answers, once it is known whether it opens and what they are a function of. */
export type PageAnswers =
  /**
   * All it gets, at once: kept from a page alike (the same array for each, so that what is made of it can be
   * kept too), or none (the page does not open, or as many pages as allowed are being asked for).
   */
  | { now: readonly PageAnswer[] }
  /** Being asked for: the same for the pages asking together (streamedPage.ts streams them as one). */
  | { coming: ComingAnswers };

/** Answers being asked for, as they come. */
export interface ComingAnswers {
  /**
   * Gives `each` every answer within the size limit in the order they come (those come already at once) until
   * the last has come or the pages' time has run out, then settles.
   */
  follow(each: (answer: PageAnswer) => void): Promise<void>;
}

/** Answers pages ahead (see the module comment) within `limits`. */
export interface PageAnswerer {
  /**
   * The answers for `pathname`'s page within the limits; undefined when none will be looked for (no module
   * answers this page, or answers are off), so that the page can be sent at once.
   */
  answer(pathname: string): Promise<PageAnswers> | undefined;
}

const NONE: PageAnswers = { now: [] };

/** Answers kept for pages alike, as written into the page, with their size. */
interface Kept {
  answers: readonly PageAnswer[];
  bytes: number;
}

/** A page's answers being asked for: those that have come so far within the size limit, and who follows them. */
interface Asking extends ComingAnswers {
  came: PageAnswer[];
  bytes: number;
  following: Set<(answer: PageAnswer) => void>;
}

export function pageAnswerer(
  app: FastifyInstance,
  sources: readonly PageAnswerSource[],
  limits: AheadLimits,
): PageAnswerer {
  const kept = new LRUCache<string, Kept>({
    maxSize: KEPT_PAGES.maxBytes,
    sizeCalculation: (page) => page.bytes + 64,
    ttl: KEPT_PAGES.ttlMs,
  });
  const asking = new Map<string, Asking>();
  return {
    answer(pathname) {
      if (limits.budgetMs <= 0) return undefined;
      const found = sources.map((source) => ({ source, match: source.path.exec(pathname) })).find((s) => s.match);
      return found?.match ? answersOf(found.source, found.match) : undefined;
    },
  };

  /** The page's answers: kept, or those that come within its time from the asking it joins or starts. */
  async function answersOf(source: PageAnswerSource, match: RegExpExecArray) {
    // A failed or a late read only means the page asks for everything itself.
    const asks = await within(
      READ_WAIT_MS,
      source.asks(match, app).catch(() => undefined),
    );
    if (!asks) return NONE;
    const key = JSON.stringify([source.path.source, asks.keptUnder]);
    const found = kept.get(key);
    if (found) return { now: found.answers };
    let current = asking.get(key);
    if (!current) {
      if (asking.size >= limits.maxPages) return NONE;
      current = startAsking(key, asks);
    }
    return { coming: current };
  }

  /**
   * Asks a page's requests once for every page alike, giving each answer to those following as it comes, until
   * the last or the pages' time (from now); keeps them when every one was a 200 and may be.
   */
  function startAsking(key: string, asks: PageAsks): Asking {
    let complete = true;
    const current: Asking = {
      came: [],
      bytes: 0,
      following: new Set(),
      async follow(each) {
        for (const answer of current.came) each(answer);
        current.following.add(each);
        try {
          await over;
        } finally {
          current.following.delete(each);
        }
      },
    };
    const ask: Ask = async ({ method, url, body }) => {
      const response = await app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
      if (response.statusCode !== 200) {
        complete = false;
        return undefined;
      }
      const answer: unknown = response.json();
      const bytes = response.rawPayload.length;
      // One that would take the page past its size is left out; a later, smaller one may still fit.
      if (current.bytes + bytes > limits.maxBytes) return answer;
      const written = { method, url, ...(body === undefined ? {} : { body }), answer };
      current.came.push(written);
      current.bytes += bytes;
      for (const each of current.following) each(written);
      return answer;
    };
    const all = asks
      .ask(ask)
      .then((keeps) => {
        if (keeps && complete) kept.set(key, { answers: current.came, bytes: current.bytes });
      })
      .catch(() => undefined)
      .finally(() => asking.delete(key));
    const over = within(limits.budgetMs, all).then(() => undefined);
    asking.set(key, current);
    return current;
  }
}

/** What `promise` gives within `ms`, else undefined (it goes on). */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** An answer as an element of the page: JSON that no `</script>` or `<!--` inside a value can end early. */
export function answerElement(answer: PageAnswer): string {
  const json = JSON.stringify(answer).replaceAll('<', '\\u003c');
  return `<script type="application/json" ${PAGE_ANSWERS_ATTRIBUTE}>${json}</script>`;
}
