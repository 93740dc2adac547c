/**
 * Text a server can take in: no NUL character (PostgreSQL's text and jsonb refuse U+0000) and no unpaired UTF-16
 * surrogate (not a character: it cannot be encoded as UTF-8, and PostgreSQL's jsonb refuses its `\ud800` escape).
 * Every request's params, query and body are checked against it before their contract (the server's validator),
 * keys included, so such text answers 400 on every route instead of failing deep in a store.
 */
export const UNSAFE_TEXT_MESSAGE = 'Must not contain NUL characters or unpaired surrogates';

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

const pathOf = (visit: Visit): Array<string | number> => {
  const path: Array<string | number> = [];
  for (let v: Visit | undefined = visit; v?.parent; v = v.parent) path.push(v.key!);
  return path.reverse();
};

/**
 * The path (keys and indexes) of the first string or key in `value` that is unsafe text, or undefined when there
 * is none. Walks JSON-like values (objects, arrays, strings) at any depth without recursion.
 */
export function unsafeTextPath(value: unknown): Array<string | number> | undefined {
  const stack: Visit[] = [{ value }];
  while (stack.length) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return pathOf(visit);
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: i, parent: visit });
      continue;
    }
    const keys = Object.keys(current);
    for (const key of keys) if (isUnsafeText(key)) return pathOf({ value: key, key, parent: visit });
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
    }
  }
  return undefined;
}
