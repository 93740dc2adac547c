import { describe, expect, it } from 'vitest';
import { kpiLayout } from './kpiLayout.ts';

describe('KPI layout (spec 2 §9)', () => {
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
