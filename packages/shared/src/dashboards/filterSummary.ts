import type { DurationUnit, FilterOperation } from '../datasets/types.ts';
import type { DashboardFilter } from './filters.ts';
import { categoryList, singleValue, valueObject } from './filterValidity.ts';

/**
 * The text summary of active filters ("Filter text summary truncated at 40 characters then 'and N
 * more'"): the card's filter icon tooltip and the filter bar. Each filter reads "{feature} {operation}
 * {value}"; filters are listed while the text stays within 40 characters, the rest are counted ("and 2
 * more"). A first filter longer than the limit is cut with an ellipsis. The words are the caller's (the web
 * passes its translations); ENGLISH_SUMMARY_WORDS are the spec's.
 */

export const FILTER_SUMMARY_MAX = 40;

export interface FilterSummaryWords {
  operations: Record<FilterOperation, string>;
  /** Between two bounds: "{from} – {to}". */
  range: (from: string, to: string) => string;
  /** Days of week, Sunday (0) first, and months, January first. */
  weekdays: readonly string[];
  months: readonly string[];
  units: Record<DurationUnit, string>;
  /** Separates listed filters. */
  separator: string;
  /** The tail for filters left out: " and 2 more". */
  andMore: (count: number) => string;
}

export const ENGLISH_SUMMARY_WORDS: FilterSummaryWords = {
  operations: {
    empty: 'is empty',
    'not-empty': 'is not empty',
    greater: '>',
    less: '<',
    equal: '=',
    'not-equal': '≠',
    'greater-equal': '≥',
    'less-equal': '≤',
    between: 'between',
    contains: 'contains',
    'begins-with': 'begins with',
    'ends-with': 'ends with',
    before: 'before',
    after: 'after',
    on: 'on',
    last: 'last',
  },
  range: (from, to) => `${from} – ${to}`,
  weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  units: { minute: 'minutes', hour: 'hours', day: 'days', week: 'weeks', month: 'months', year: 'years' },
  separator: ', ',
  andMore: (count) => ` and ${count} more`,
};

const show = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
/** Dates read as their day when they have no time of day worth showing. */
const showDate = (value: unknown): string => show(value).replace(/T00:00(:00(\.0+)?)?(Z)?$/, '');

/** The value part of one filter ('' for empty / not-empty). */
export function filterValueText(filter: DashboardFilter, words: FilterSummaryWords = ENGLISH_SUMMARY_WORDS): string {
  const { operation } = filter;
  if (operation === 'empty' || operation === 'not-empty') return '';
  const v = valueObject(filter);
  switch (filter.type) {
    case 'value':
    case 'text':
      return show(singleValue(filter));
    case 'range':
      return words.range(show(v.from), show(v.to));
    case 'category':
      return operation === 'equal' || operation === 'not-equal'
        ? categoryList(filter).map(show).join(', ')
        : show(singleValue(filter));
    case 'time':
      return operation === 'between' ? words.range(show(v.from), show(v.to)) : show(v.value);
    case 'date': {
      if (operation === 'between') return words.range(showDate(v.from), showDate(v.to));
      if (operation === 'before') return showDate(v.to);
      if (operation === 'after') return showDate(v.from);
      if (operation === 'last') return `${show(v.duration)} ${words.units[v.unit ?? 'day']}`;
      const items = v.selectedDateItems;
      if (items && !v.on) {
        const names = items.part === 'dow' ? words.weekdays : words.months;
        const offset = items.part === 'dow' ? 0 : 1;
        return items.values.map((n) => names[n - offset] ?? String(n)).join(', ');
      }
      return showDate(v.on);
    }
  }
}

/** One filter as text: "{feature} {operation} {value}". */
export function describeFilter(
  filter: DashboardFilter,
  featureName: string,
  words: FilterSummaryWords = ENGLISH_SUMMARY_WORDS,
): string {
  return [featureName, words.operations[filter.operation], filterValueText(filter, words)]
    .filter((part) => part !== '')
    .join(' ');
}

/** Joins filter texts within `max` characters, then "and N more" for the rest. */
export function summarizeTexts(
  texts: readonly string[],
  words: Pick<FilterSummaryWords, 'separator' | 'andMore'> = ENGLISH_SUMMARY_WORDS,
  max = FILTER_SUMMARY_MAX,
): string {
  if (texts.length === 0) return '';
  let text = '';
  let shown = 0;
  for (const next of texts) {
    const candidate = shown === 0 ? next : `${text}${words.separator}${next}`;
    if (candidate.length > max) break;
    text = candidate;
    shown += 1;
  }
  if (shown === 0) {
    text = `${texts[0]!.slice(0, max - 1)}…`;
    shown = 1;
  }
  return shown < texts.length ? `${text}${words.andMore(texts.length - shown)}` : text;
}

/** The summary of a list of filters; `featureName` names each filter's feature. */
export function summarizeFilters(
  filters: readonly DashboardFilter[],
  featureName: (featureId: string) => string,
  words: FilterSummaryWords = ENGLISH_SUMMARY_WORDS,
  max = FILTER_SUMMARY_MAX,
): string {
  return summarizeTexts(
    filters.map((filter) => describeFilter(filter, featureName(filter.feature.id), words)),
    words,
    max,
  );
}
