import Fuse from 'fuse.js';

/** Fuzzy threshold and the score window kept around the best match. */
export const FUZZY_THRESHOLD = 0.3;
export const FUZZY_SCORE_WINDOW = 0.1;

export type SearchField<T> = (item: T) => string | null | undefined;

/** The fields a "re:" search reads when the user chose none: the name, or every field of a list without one. */
export function defaultRegexFields(fields: Record<string, unknown>): string[] {
  return 'name' in fields ? ['name'] : Object.keys(fields);
}

/**
 * The one search every list uses. Empty text → the whole list. "re:" + a regular expression → items where
 * any chosen field (`regexFields`, by default `defaultRegexFields`) matches it, case-insensitive; an invalid
 * expression falls back to fuzzy search. Otherwise fuzzy search (Fuse.js, threshold 0.3) over every field,
 * keeping only results scoring within 0.1 of the best one.
 */
export function listSearch<T>(
  items: readonly T[],
  text: string,
  fields: Record<string, SearchField<T>>,
  regexFields: readonly string[] = defaultRegexFields(fields),
): T[] {
  const query = text.trim();
  if (!query) return [...items];
  const chosen = regexFields.filter((name) => name in fields);
  const getters = (chosen.length ? chosen : defaultRegexFields(fields)).map((name) => fields[name]);
  if (query.startsWith('re:')) {
    const pattern = compile(query.slice(3));
    if (pattern) return items.filter((item) => getters.some((get) => pattern.test(get(item) ?? '')));
    return fuzzy(items, query.slice(3), fields);
  }
  return fuzzy(items, query, fields);
}

function compile(source: string): RegExp | undefined {
  if (!source) return undefined;
  try {
    return new RegExp(source, 'i');
  } catch {
    return undefined;
  }
}

function fuzzy<T>(items: readonly T[], query: string, fields: Record<string, SearchField<T>>): T[] {
  if (!query.trim()) return [...items];
  const fuse = new Fuse(items, {
    keys: Object.entries(fields).map(([name, get]) => ({ name, getFn: (item: T) => get(item) ?? '' })),
    threshold: FUZZY_THRESHOLD,
    includeScore: true,
    ignoreLocation: true,
  });
  const results = fuse.search(query);
  if (results.length === 0) return [];
  const best = results[0].score ?? 0;
  return results.filter((r) => (r.score ?? 0) <= best + FUZZY_SCORE_WINDOW).map((r) => r.item);
}

/** The fields each list searches. */
export const USER_SEARCH_FIELDS = {
  first: (u: { name: { first: string } }) => u.name.first,
  last: (u: { name: { last: string } }) => u.name.last,
  email: (u: { email: string }) => u.email,
};
export const ORGANIZATION_SEARCH_FIELDS = {
  name: (o: { name: string }) => o.name,
  plan: (o: { plan: string | null }) => o.plan,
};
export const NAME_SEARCH_FIELDS = { name: (x: { name: string }) => x.name };
