import { z } from 'zod';
import { id } from '../http/ids.ts';
import { DATE_PARTS, type DatePart } from './operations.ts';

/**
 * Cross-filters and drill-through (docs/cross-filters.md): a clicked chart element as feature = value pairs.
 *
 * - A cross-filter (`CrossFilter`) sits on top of the dashboard's, tab's and card's filters of every other card
 *   that reads the feature's dataset; it is never saved. Its values are those the clicked card shows: raw values,
 *   a date part's values (`operation`), or a bin's range (`range`).
 * - A point (`PointItem`) names the element a "View rows" was asked from; the card's own series say how its
 *   values were made (a bin, a date part), so the rows are exactly those behind the element.
 */

/** What the server answers about cross-filters and "View rows" (SERVER_ERRORS 'crossFilter.*'). */
export const CROSS_FILTER_MESSAGES = {
  notFitting: 'A cross-filter does not fit its feature',
  seriesNotOnCard: 'The series is not on this card',
  notPublished: 'This column is not published on this dashboard',
  noRows: 'This card has no rows to show',
  rateLimited: 'Too many requests for rows. Please wait a minute and try again.',
} as const;

/** A value as a card shows it: a category, a number, a date's ISO text or date part, or none (NULL). */
export const pointValueSchema = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);
export type PointValue = z.infer<typeof pointValueSchema>;

/** At most this many values in one cross-filter or point entry. */
export const MAX_CROSS_VALUES = 200;

/** A number range: `from` <= x < `to`, or <= `to` when `toIncluded` (a bin, the last one closed). */
export const numberRangeSchema = z
  .object({ from: z.number().finite(), to: z.number().finite(), toIncluded: z.boolean().optional() })
  .strict()
  .refine((r) => r.from <= r.to, { message: 'From must not be greater than To' });
export type NumberRange = z.infer<typeof numberRangeSchema>;

export const crossFilterSchema = z
  .object({
    featureId: id,
    values: z.array(pointValueSchema).min(1).max(MAX_CROSS_VALUES).optional(),
    /** The date part the values are of ('' or absent: the raw values). */
    operation: z.union([z.literal(''), z.enum(DATE_PARTS)]).optional(),
    /** A binned value: its range instead of values. */
    range: numberRangeSchema.optional(),
  })
  .strict()
  .refine((c) => (c.values === undefined) !== (c.range === undefined), {
    message: 'A cross-filter has values or a range',
  });
export type CrossFilter = z.infer<typeof crossFilterSchema>;

export const pointItemSchema = z
  .object({ featureId: id, values: z.array(pointValueSchema).min(1).max(MAX_CROSS_VALUES) })
  .strict();
export type PointItem = z.infer<typeof pointItemSchema>;

/** Cross-filters on one data request: at most this many. */
export const MAX_CROSS_FILTERS = 20;

/** The page address's parameter holding a tab's cross-filters (a link reproduces the view; nothing is saved). */
export const CROSS_PARAM = 'cross';

/**
 * A cross-filter as a page keeps it: the card it came from (which highlights it; the tab's other cards are filtered
 * by it) and the words of its chip ("{feature} is {labels} — from {card}").
 */
export const crossFilterEntrySchema = z
  .object({
    unitId: id,
    card: z.string().max(200),
    feature: z.string().max(200),
    /** Each value's text, in the order of the filter's values (a range: one text). */
    labels: z.array(z.string().max(1000)).max(200),
    filter: crossFilterSchema,
  })
  .strict();
export type CrossFilterEntry = z.infer<typeof crossFilterEntrySchema>;

/**
 * The range of time a truncating date part's value covers, as ISO timestamps (`to` excluded): '2024-03' of
 * year-month is from 2024-03-01 to 2024-04-01. Undefined for a part that repeats (month, day of week...) or a
 * value that is not of the part.
 */
export function datePartRange(part: DatePart, value: PointValue): { from: string; to: string } | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return undefined;
  const at = (y: number, m: number, d: number) => {
    const date = new Date(Date.UTC(y, m - 1, d));
    return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T00:00:00`;
  };
  const range = (y: number, m: number, d: number, next: [number, number, number]) => ({
    from: at(y, m, d),
    to: at(...next),
  });
  let match: RegExpExecArray | null;
  switch (part) {
    case 'year':
      match = /^(\d{4})$/.exec(text);
      return match ? range(Number(match[1]), 1, 1, [Number(match[1]) + 1, 1, 1]) : undefined;
    case 'year-quarter': {
      match = /^(\d{4})-Q([1-4])$/.exec(text);
      if (!match) return undefined;
      const [y, q] = [Number(match[1]), Number(match[2])];
      return range(y, q * 3 - 2, 1, [y, q * 3 + 1, 1]);
    }
    case 'year-month': {
      match = /^(\d{4})-(\d{2})$/.exec(text);
      if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return undefined;
      const [y, m] = [Number(match[1]), Number(match[2])];
      return range(y, m, 1, [y, m + 1, 1]);
    }
    case 'year-month-day': {
      match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      if (!match) return undefined;
      const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const from = at(y, m, d);
      // A day that does not exist (2024-02-30) is not a value of the part.
      return from.startsWith(text) ? { from, to: at(y, m, d + 1) } : undefined;
    }
    default:
      return undefined;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The range of a bin whose lower bound a chart shows (`SeriesMeta.binWidth` the width): the last bin also holds
 * the highest value, so it is closed; the others stop before the next bin's lower bound. A chart whose values
 * are all alike has one bin of width 0: it holds that value only.
 */
export function binRange(lower: number, width: number, last: boolean): NumberRange {
  const to = lower + width;
  return last || width === 0 ? { from: lower, to, toIncluded: true } : { from: lower, to };
}

/**
 * A click on a chart element, as cross-filters change: a plain click makes the clicked value the only one (or
 * clears it when it was already the only one); a click with shift or ctrl adds it, or removes it when present.
 * Values of one feature are one cross-filter entry; an entry left with no value is removed.
 */
export function toggleCrossFilter(list: readonly CrossFilter[], clicked: CrossFilter, adding: boolean): CrossFilter[] {
  const same = (c: CrossFilter) =>
    c.featureId === clicked.featureId && (c.operation ?? '') === (clicked.operation ?? '');
  const current = list.find(same);
  const others = list.filter((c) => !same(c));
  if (clicked.range) {
    const had = current?.range && sameRange(current.range, clicked.range);
    return had ? others : [...others, clicked];
  }
  const clickedValues = clicked.values ?? [];
  const had = current?.values ?? [];
  const isIn = (v: PointValue) => had.some((h) => h === v);
  if (!adding) {
    const onlyThis = had.length === clickedValues.length && clickedValues.every(isIn);
    return onlyThis ? others : [...others, clicked];
  }
  const removed = had.filter((h) => !clickedValues.includes(h));
  const added = clickedValues.filter((v) => !isIn(v));
  const values = [...removed, ...added];
  if (!values.length) return others;
  return [...others, { ...clicked, values: values.slice(0, MAX_CROSS_VALUES) }];
}

const sameRange = (a: NumberRange, b: NumberRange) =>
  a.from === b.from && a.to === b.to && !!a.toIncluded === !!b.toIncluded;

/** Cross-filters as a URL parameter (a link reproduces the view), and back: anything malformed reads as none. */
export function crossFiltersToParam(list: readonly CrossFilter[]): string | undefined {
  return list.length ? JSON.stringify(list) : undefined;
}

export function crossFiltersFromParam(param: string | null | undefined): CrossFilter[] {
  if (!param) return [];
  try {
    const parsed = z.array(crossFilterSchema).max(MAX_CROSS_FILTERS).safeParse(JSON.parse(param));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
