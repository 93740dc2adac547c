import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswer } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Answering a page ahead (shared `PAGE_ANSWERS_ELEMENT_ID`): for a web app path a module knows, the server asks
 * its own routes what the page will ask first, while the browser fetches the page's scripts, and writes the
 * answers into the page; the web app then takes them instead of asking (a public dashboard: its detail and its
 * first tab's cards, two round trips after the scripts ran). The requests go through the app itself
 * (`inject`): the same routes, access rules and answers as the browser's own requests would get.
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

/** A module's part: the pages it answers ahead, and what their first requests are. */
export interface PageAnswerSource {
  /** Web app paths (pathname only) whose page it answers ahead. */
  path: RegExp;
  /** Asks, through `ask`, the requests the page makes first (it may ask more once it has an answer). */
  answer(match: RegExpExecArray, ask: Ask): Promise<void>;
}

export interface AheadLimits {
  /**
   * The page waits this long at most for its answers (`PAGE_ANSWERS_MS`); later ones are left to the page
   * itself, whose own request then finds them in the result cache.
   */
  budgetMs: number;
  /** Bytes of answers written into one page at most (a table or a scatter of many rows is left out). */
  maxBytes: number;
  /**
   * Pages being answered at once at most; a page asked for while this many are (their requests still running,
   * within their time or after it) gets none and is sent at once. Under a crowd of visitors, answers that miss
   * the page's time would only be computed twice (once ahead, once by the page), and every page would wait its
   * whole time for them.
   */
  maxPages: number;
}

export const MAX_PAGE_ANSWER_BYTES = 512 * 1024;
export const MAX_PAGES_ANSWERED_AT_ONCE = 4;

/** Answers pages ahead (see the module comment) within `limits`. */
export interface PageAnswerer {
  /**
   * The answers for `pathname`'s page that come within the limits, in the order they came; undefined when none
   * will be looked for (no module answers this page, answers are off, or as many pages as allowed are being
   * answered), so that the page can be sent at once.
   */
  answer(pathname: string): Promise<PageAnswer[]> | undefined;
}

export function pageAnswerer(
  app: FastifyInstance,
  sources: readonly PageAnswerSource[],
  limits: AheadLimits,
): PageAnswerer {
  let answering = 0;
  return {
    answer(pathname) {
      if (limits.budgetMs <= 0 || answering >= limits.maxPages) return undefined;
      const found = sources.map((source) => ({ source, match: source.path.exec(pathname) })).find((s) => s.match);
      return found?.match ? answerPage(found.source, found.match) : undefined;
    },
  };

  async function answerPage(source: PageAnswerSource, match: RegExpExecArray): Promise<PageAnswer[]> {
    const answers: PageAnswer[] = [];
    let open = true;
    let bytes = 0;
    const ask: Ask = async ({ method, url, body }) => {
      const response = await app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }) });
      if (response.statusCode !== 200) return undefined;
      const answer: unknown = response.json();
      if (open && bytes + response.rawPayload.length <= limits.maxBytes) {
        bytes += response.rawPayload.length;
        answers.push({ method, url, ...(body === undefined ? {} : { body }), answer });
      }
      return answer;
    };
    let timer: NodeJS.Timeout | undefined;
    const budget = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, limits.budgetMs);
    });
    answering++;
    // A failed request only means the page asks for it itself.
    const asked = source
      .answer(match, ask)
      .catch(() => undefined)
      .finally(() => answering--);
    await Promise.race([asked, budget]);
    clearTimeout(timer);
    open = false;
    return answers;
  }
}

/** The answers as the page's element: JSON that no `</script>` or `<!--` inside a value can end early. */
export function answersElement(answers: readonly PageAnswer[]): string {
  const json = JSON.stringify(answers).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${json}</script>`;
}
