import { describe, expect, it } from 'vitest';
import { KPI_MIN_VALUE_SIZE, kpiLayout, kpiValueSize } from './kpiLayout.ts';

describe('KPI layout', () => {
  it('is narrow only when higher than wide, under 600 wide and with several KPIs', () => {
    expect(kpiLayout(300, 400, 2).narrow).toBe(true);
    expect(kpiLayout(300, 400, 1).narrow).toBe(false);
    expect(kpiLayout(400, 300, 2).narrow).toBe(false);
    expect(kpiLayout(600, 700, 3).narrow).toBe(false);
    expect(kpiLayout(599, 700, 3).narrow).toBe(true);
    expect(kpiLayout(300, 300, 2).narrow).toBe(false);
  });

  it('uses the smallest text under 300 high', () => {
    expect(kpiLayout(800, 299, 1).size).toBe('small');
    expect(kpiLayout(800, 300, 1).size).toBe('regular');
  });
});

describe('KPI value size', () => {
  const wide = kpiLayout(390, 200, 3);
  it('keeps the layout’s size when the values fit, and shrinks so that side-by-side values never collide', () => {
    expect(kpiValueSize(kpiLayout(1200, 400, 1), 1200, 1, 6, 36)).toBe(36);
    const size = kpiValueSize(wide, 390, 3, 12, 22);
    expect(size).toBeLessThan(22);
    // Three values of 12 characters side by side fit in 390 px.
    expect(3 * (12 * 0.62 * size + 16)).toBeLessThanOrEqual(390);
  });
  it('gives the whole width to stacked KPIs and never goes under 12 px', () => {
    expect(kpiValueSize(kpiLayout(300, 600, 3), 300, 3, 8, 36)).toBe(36);
    expect(kpiValueSize(wide, 120, 3, 40, 22)).toBe(KPI_MIN_VALUE_SIZE);
  });
});
