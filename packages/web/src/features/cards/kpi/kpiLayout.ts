/**
 * The KPI card's layout (spec 2 §9 "Options"): narrow (the KPIs stacked) when the card is higher than wide,
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
