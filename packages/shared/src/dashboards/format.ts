/**
 * Number and date display of data apps: the one rule that chart axes and tooltips,
 * KPI values and table cells all follow, so a value reads the same everywhere.
 *
 * - numbers: an integer is localized with grouping ("1,234,567"); a non-integer whose magnitude is under 1 shows
 *   3 significant digits ("0.0123"); any other shows 2 decimals ("1,234.50"). The numbers of one table column
 *   show one number of decimals, the most any of them shows alone ("0.60" beside "2.80": `columnDecimals`);
 * - dates: by precision year ("2024"), quarter ("Q1 2024"), month ("Jan 2024"), day ("Jan 5, 2024"), and the
 *   finer hour/minute/second; read and shown in UTC so that a date never shifts by the viewer's time zone;
 * - date parts (the values of a 'year-month', 'dow'... operation) shown as the part they are.
 *
 * Formatters are cached per locale and option set: a 10,000-point chart formats its labels without building
 * 10,000 Intl objects.
 */
import type { DatePart } from './operations.ts';

export const DATE_DISPLAY_PRECISIONS = ['year', 'quarter', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type DateDisplayPrecision = (typeof DATE_DISPLAY_PRECISIONS)[number];

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(safeLocale(locale), options);
    numberFormats.set(key, format);
  }
  return format;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(safeLocale(locale), { timeZone: 'UTC', ...options });
    dateFormats.set(key, format);
  }
  return format;
}

/** A locale Intl accepts (an unknown or malformed tag falls back to English rather than throwing). */
function safeLocale(locale: string): string {
  try {
    return Intl.NumberFormat.supportedLocalesOf([locale]).length ? locale : 'en';
  } catch {
    return 'en';
  }
}

/**
 * A number shows it (see the module comment). NaN and infinities read as Intl writes them.
 * `decimals`: exactly that many, for every number of a table column alike (`columnDecimals`).
 */
export function formatNumber(value: number, locale: string, decimals?: number): string {
  if (decimals !== undefined && Number.isFinite(value)) {
    return numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
  }
  if (!Number.isFinite(value) || Number.isInteger(value)) return numberFormat(locale, {}).format(value);
  if (Math.abs(value) < 1) return numberFormat(locale, { maximumSignificantDigits: 3 }).format(value);
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

const QUARTER_PREFIX: Record<string, string> = { en: 'Q', fr: 'T' };
const quarterLabel = (quarter: number, locale: string) =>
  `${QUARTER_PREFIX[locale.slice(0, 2).toLowerCase()] ?? 'Q'}${quarter}`;

/** Parses ISO date text ("2024", "2024-01", "2024-01-05", "2024-01-05T10:00:00Z"...) as UTC; undefined if not. */
export function parseIsoDate(iso: string): Date | undefined {
  const text = iso.trim();
  let ms: number;
  if (/^\d{4}$/.test(text)) ms = Date.UTC(Number(text), 0, 1);
  else if (/^\d{4}-\d{2}$/.test(text)) ms = Date.UTC(Number(text.slice(0, 4)), Number(text.slice(5, 7)) - 1, 1);
  else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) ms = Date.parse(`${text}T00:00:00Z`);
  else {
    // A date-time without a zone is read as UTC (the engine's timestamps carry none).
    const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text.replace(' ', 'T')}Z`;
    ms = Date.parse(zoned);
  }
  return Number.isNaN(ms) ? undefined : new Date(ms);
}

const DATE_OPTIONS: Record<Exclude<DateDisplayPrecision, 'quarter'>, Intl.DateTimeFormatOptions> = {
  year: { year: 'numeric' },
  month: { year: 'numeric', month: 'short' },
  day: { year: 'numeric', month: 'short', day: 'numeric' },
  hour: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  minute: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  second: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
};

/** A date (ISO text or epoch milliseconds) at a precision; text that is not a date is returned as it is. */
export function formatDate(iso: string | number, precision: DateDisplayPrecision, locale: string): string {
  const date = typeof iso === 'number' ? new Date(iso) : parseIsoDate(iso);
  if (!date || Number.isNaN(date.getTime())) return String(iso);
  if (precision === 'quarter') {
    const quarter = Math.floor(date.getUTCMonth() / 3) + 1;
    return `${quarterLabel(quarter, locale)} ${dateFormat(locale, DATE_OPTIONS.year).format(date)}`;
  }
  return dateFormat(locale, DATE_OPTIONS[precision] ?? DATE_OPTIONS.day).format(date);
}

/** The display precision matching a feature's stored precision (null: day). */
export function displayPrecision(precision: string | null | undefined): DateDisplayPrecision {
  return (DATE_DISPLAY_PRECISIONS as readonly string[]).includes(precision ?? '')
    ? (precision as DateDisplayPrecision)
    : 'day';
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date part's value as the part reads: 'month' 1 → "Jan", 'dow' 0 → "Sun" (0 Sunday, ISO 7 also Sunday),
 * 'quarter' 2 → "Q2", 'year-month' "2024-01" → "Jan 2024", 'year-quarter' "2024-Q1" or "2024-1" → "Q1 2024",
 * 'hour' 13 → "13:00", 'month-day' "01-05" → "Jan 5". Values it cannot read are returned as text.
 */
export function formatDatePart(value: string | number, part: DatePart | string, locale: string): string {
  const text = String(value).trim();
  const n = Number(text);
  switch (part) {
    case 'year':
      return Number.isInteger(n) ? String(n) : text;
    case 'quarter':
      return Number.isInteger(n) && n >= 1 && n <= 4 ? quarterLabel(n, locale) : text;
    case 'month':
      if (Number.isInteger(n) && n >= 1 && n <= 12)
        return dateFormat(locale, { month: 'short' }).format(new Date(Date.UTC(2001, n - 1, 1)));
      return text;
    case 'dow':
      // 2001-01-07 is a Sunday.
      if (Number.isInteger(n) && n >= 0 && n <= 7)
        return dateFormat(locale, { weekday: 'short' }).format(new Date(Date.UTC(2001, 0, 7 + (n % 7))));
      return text;
    case 'day':
      return Number.isInteger(n) ? String(n) : text;
    case 'hour':
      return Number.isInteger(n) && n >= 0 && n < 24 ? `${pad(n)}:00` : text;
    case 'year-quarter': {
      const match = text.match(/^(\d{4})-?Q?(\d)$/i);
      return match ? `${quarterLabel(Number(match[2]), locale)} ${match[1]}` : text;
    }
    case 'year-month':
      return /^\d{4}-\d{2}/.test(text) ? formatDate(text.slice(0, 7), 'month', locale) : text;
    case 'year-month-day':
      return /^\d{4}-\d{2}-\d{2}/.test(text) ? formatDate(text.slice(0, 10), 'day', locale) : text;
    case 'month-day': {
      const match = text.match(/^(\d{1,2})-(\d{1,2})$/);
      if (!match) return text;
      return dateFormat(locale, { month: 'short', day: 'numeric' }).format(
        new Date(Date.UTC(2000, Number(match[1]) - 1, Number(match[2]))),
      );
    }
    default:
      return text;
  }
}

/** The most decimals a table column shows (a tiny value in the column shows as zeros beyond them). */
export const MAX_COLUMN_DECIMALS = 6;

/** How many decimals `formatNumber` shows for the number alone: 0 for an integer, 2 from 1 up, else its digits. */
export function shownDecimals(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0;
  if (Math.abs(value) >= 1) return 2;
  // 3 significant digits, trailing zeros dropped, as Intl's maximumSignificantDigits shows them (0.6 → "0.6").
  const [mantissa = '', exponent = '0'] = value.toPrecision(3).split('e');
  const fraction = (mantissa.split('.')[1] ?? '').replace(/0+$/, '');
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * One number of decimals for the numbers of a table column (the rows shown): the most any of them shows alone, at
 * most MAX_COLUMN_DECIMALS, so that "0.6" and "2.80" read "0.60" and "2.80". Lists count by their items; values
 * that are not numbers are not counted. Undefined when the column holds no number.
 */
export function columnDecimals(values: Iterable<unknown>): number | undefined {
  let decimals: number | undefined;
  const count = (value: unknown) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return;
    decimals = Math.min(MAX_COLUMN_DECIMALS, Math.max(decimals ?? 0, shownDecimals(value)));
  };
  for (const value of values) {
    if (Array.isArray(value)) value.forEach(count);
    else count(value);
  }
  return decimals;
}
