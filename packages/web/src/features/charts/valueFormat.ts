/**
 * How a chart writes one value of a series (axis labels, tooltips, dot labels, legend names), by what the value
 * is (SeriesMeta.valueType): numbers rule, dates at the feature's precision, date parts as the
 * part, bins as "a – b", lists joined; an empty value reads "(empty)". Category labels on an axis are
 * truncated at 15 characters.
 */
import {
  DATE_PARTS,
  displayPrecision,
  formatDate,
  formatDatePart,
  formatNumber,
  parseIsoDate,
  type SeriesMeta,
  type UnitFeature,
} from '@tessera/shared';
import { CHART_DEFAULTS } from './rules.ts';
import type { Translate } from './types.ts';

export const isDatePartType = (valueType: string) => (DATE_PARTS as readonly string[]).includes(valueType);

export interface ValueFormatContext {
  locale: string;
  t: Translate;
  featureOf: (id: string) => UnitFeature | undefined;
}

/** The label of a bin whose lower bound is `lower`: "a – b". */
export function binLabel(lower: number, width: number | undefined, locale: string): string {
  if (width === undefined || !Number.isFinite(width)) return formatNumber(lower, locale);
  return `${formatNumber(lower, locale)} – ${formatNumber(lower + width, locale)}`;
}

/** One value of `meta` as text. */
export function formatValue(value: unknown, meta: SeriesMeta | undefined, ctx: ValueFormatContext): string {
  if (value === null || value === undefined || value === '') return ctx.t('empty');
  if (Array.isArray(value)) return value.map((v) => formatValue(v, meta, ctx)).join(', ');
  const type = meta?.valueType ?? (typeof value === 'number' ? 'number' : 'text');
  if (type === 'bin') {
    const lower = Number(value);
    return Number.isFinite(lower) ? binLabel(lower, meta?.binWidth, ctx.locale) : String(value);
  }
  if (typeof value === 'number' && (type === 'number' || type === 'list')) return formatNumber(value, ctx.locale);
  if (type === 'date') {
    const precision = displayPrecision(meta ? ctx.featureOf(meta.featureId)?.precision : null);
    return formatDate(typeof value === 'number' ? value : String(value), precision, ctx.locale);
  }
  if (isDatePartType(type)) return formatDatePart(value as string | number, type, ctx.locale);
  if (typeof value === 'number') return formatNumber(value, ctx.locale);
  if (typeof value === 'boolean') return String(value);
  return String(value);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A share (0..1) in percent, localized ("25%", "25 %"), at most 2 decimals. */
export function formatPercent(share: number, locale: string): string {
  let format = percentFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 2 });
    }
    percentFormats.set(locale, format);
  }
  return format.format(share);
}

/** A category label as an axis shows it: at most 15 characters, then an ellipsis. */
export function truncateLabel(label: string, max: number = CHART_DEFAULTS.categoryLabelMax): string {
  const chars = [...label];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : label;
}

/** A date value as epoch milliseconds (UTC) for a time axis, or null. */
export function dateCoord(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  return parseIsoDate(value)?.getTime() ?? null;
}

/** A number value, or null for anything that is not a finite number. */
export function numberCoord(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Escapes text for the HTML of a tooltip (values are user data). */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}
