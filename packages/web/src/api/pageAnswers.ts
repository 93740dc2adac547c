import { hashKey } from '@tanstack/react-query';
import { PAGE_ANSWERS_ATTRIBUTE, type PageAnswer, pageAnswerSchema } from '@tessera/shared';

/**
 * The answers the server writes into this page (a public dashboard's first requests, answered while the scripts
 * load: shared `PAGE_ANSWERS_ATTRIBUTE`), each as it comes: the page's script runs before the page has ended
 * (public.html loads it `async`), so a request whose answer is not there yet waits for it, or for the page's end.
 * Each is taken once, by the first identical request (same method, path with query, and JSON body); everything
 * after goes to the network. A page without them, or with ones that do not parse, asks for everything itself.
 */
const answers = new Map<string, PageAnswer>();

const keyOf = (method: string, url: string, body: unknown) => hashKey([method, url, body ?? null]);

/** Takes the answers written since the last look out of the page. */
function readWritten() {
  if (typeof document === 'undefined') return;
  for (const element of document.querySelectorAll(`script[${PAGE_ANSWERS_ATTRIBUTE}]`)) {
    element.remove();
    try {
      const parsed = pageAnswerSchema.safeParse(JSON.parse(element.textContent ?? ''));
      if (parsed.success) answers.set(keyOf(parsed.data.method, parsed.data.url, parsed.data.body), parsed.data);
    } catch {
      // Not JSON: the page asks for it itself.
    }
  }
}

const pageLoading = () => typeof document !== 'undefined' && document.readyState === 'loading';

/** Settles when the page has grown (an answer may have come) or ended. */
let grown: Promise<void> | undefined;
function pageGrown(): Promise<void> {
  grown ??= new Promise<void>((resolve) => {
    const done = () => {
      observer.disconnect();
      document.removeEventListener('DOMContentLoaded', done);
      grown = undefined;
      resolve();
    };
    const observer = new MutationObserver(done);
    observer.observe(document.body ?? document.documentElement, { childList: true });
    document.addEventListener('DOMContentLoaded', done);
  });
  return grown;
}

/**
 * The answer written into the page for this request, once: at once when it is there, when it comes while the
 * page is still being received, else undefined (left to the network) once the page has ended.
 */
export async function takePageAnswer(
  method: string,
  url: string,
  body: unknown,
): Promise<{ answer: unknown } | undefined> {
  const key = keyOf(method, url, body);
  for (;;) {
    readWritten();
    const found = answers.get(key);
    if (found) {
      answers.delete(key);
      return { answer: found.answer };
    }
    if (!pageLoading()) return undefined;
    await pageGrown();
  }
}
