import { hashKey } from '@tanstack/react-query';
import { PAGE_ANSWERS_ELEMENT_ID, type PageAnswer, pageAnswersSchema } from '@tessera/shared';

/**
 * The answers the server wrote into this page (a public dashboard's first requests, answered while the scripts
 * loaded: `PAGE_ANSWERS_ELEMENT_ID`). Each is taken once, by the first identical request (same method, path with
 * query, and JSON body); everything after goes to the network. A page without them, or with ones that do not
 * parse, asks for everything itself.
 */
let answers: Map<string, PageAnswer> | undefined;

const keyOf = (method: string, url: string, body: unknown) => hashKey([method, url, body ?? null]);

function written(): Map<string, PageAnswer> {
  if (answers) return answers;
  answers = new Map();
  const element = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ELEMENT_ID);
  if (!element) return answers;
  element.remove();
  try {
    const parsed = pageAnswersSchema.safeParse(JSON.parse(element.textContent ?? ''));
    for (const answer of parsed.success ? parsed.data : []) {
      answers.set(keyOf(answer.method, answer.url, answer.body), answer);
    }
  } catch {
    // Not JSON: the page asks for everything itself.
  }
  return answers;
}

/** The answer written into the page for this request, once; undefined when there is none (left). */
export function takePageAnswer(method: string, url: string, body: unknown): { answer: unknown } | undefined {
  const all = written();
  if (all.size === 0) return undefined;
  const key = keyOf(method, url, body);
  const found = all.get(key);
  if (!found) return undefined;
  all.delete(key);
  return { answer: found.answer };
}
