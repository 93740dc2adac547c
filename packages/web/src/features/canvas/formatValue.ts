import {
  DATE_PARTS,
  displayPrecision,
  formatDate,
  formatDatePart,
  formatNumber,
  type SeriesMeta,
  type UnitFeature,
} from '@tessera/shared';

const isDatePart = (valueType: string | undefined) =>
  valueType !== undefined && (DATE_PARTS as readonly string[]).includes(valueType);

/**
 * A KPI value or a table cell as text (date precision formats): numbers by
 * `formatNumber` (with `decimals`, a table column's one number of decimals: `columnDecimals`), dates by their
 * feature's precision, date parts as the part reads, lists joined, null empty.
 */
export function formatValue(
  value: unknown,
  meta: Pick<SeriesMeta, 'valueType'> | undefined,
  feature: Pick<UnitFeature, 'precision'> | undefined,
  locale: string,
  decimals?: number,
): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => formatValue(item, meta, feature, locale, decimals)).join(', ');
  if (typeof value === 'number') {
    if (isDatePart(meta?.valueType)) return formatDatePart(value, meta?.valueType as string, locale);
    return formatNumber(value, locale, decimals);
  }
  if (typeof value !== 'string') return String(value);
  const valueType = meta?.valueType;
  if (valueType === 'date') return formatDate(value, displayPrecision(feature?.precision), locale);
  if (isDatePart(valueType)) return formatDatePart(value, valueType as string, locale);
  return value;
}
