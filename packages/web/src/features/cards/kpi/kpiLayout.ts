/**
 * The KPI card's layout: narrow (the KPIs stacked) when the card is higher than wide,
 * under 600 px wide and shows several KPIs; the smallest text when it is under 300 px high.
 */

export interface KpiLayout {
  narrow: boolean;
  size: 'small' | 'regular';
}

export function kpiLayout(width: number, height: number, count: number): KpiLayout {
  return {
    narrow: height > width && width < 600 && count > 1,
    size: height < 300 ? 'small' : 'regular',
  };
}

/** Roughly how wide a digit of the bold value is, relative to its font size. */
const CHAR_WIDTH = 0.62;
export const KPI_MIN_VALUE_SIZE = 12;

/**
 * The value's font size so that every KPI's value fits its share of the card (side by side: the width split
 * between them; stacked: the whole width): the layout's size, smaller when the longest value (and its unit)
 * would not fit, never under 12 px. Values never run into each other.
 */
export function kpiValueSize(layout: KpiLayout, width: number, count: number, longest: number, base: number): number {
  const share = (layout.narrow ? width : width / Math.max(1, count)) - 16;
  const fits = Math.floor(share / (Math.max(1, longest) * CHAR_WIDTH));
  return Math.max(KPI_MIN_VALUE_SIZE, Math.min(base, fits));
}
