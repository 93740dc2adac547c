import type { ChartType } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { animationAllowed, CHART_DEFAULTS, defaultHasDot, isTooMuchData } from './rules.ts';

describe('row-count rules', () => {
  it.each<[ChartType, number, boolean]>([
    ['line', 1_000_000, false],
    ['line', 1_000_001, true],
    ['bar', 999_999, false],
    ['pie', 1_000, false],
    ['pie', 1_001, true],
    ['radar', 1_001, true],
    ['boxplot', 1_000_001, true],
  ])('%s with %i rows is too much: %s', (type, n, expected) => {
    expect(isTooMuchData(type, n)).toBe(expected);
  });

  it.each<[ChartType, number, number, boolean]>([
    ['area', 200, 200, true],
    ['area', 201, 201, false],
    ['scatter', 10_000, 10_000, true],
    ['boxplot', 5, 20, true],
    ['boxplot', 5, 21, false],
    ['radar', 41, 41, false],
    ['pie', 40, 40, true],
  ])('%s with %i rows and %i boxes animates: %s', (type, n, boxes, expected) => {
    expect(animationAllowed(type, n, boxes)).toBe(expected);
  });

  it.each([
    [199, false, true],
    [200, false, false],
    [399, true, true],
    [400, true, false],
    [300, false, false],
  ])('%i rows (duplicates %s): dots by default %s', (n, duplicates, expected) => {
    expect(defaultHasDot(n, duplicates)).toBe(expected);
  });

  it('holds the spec defaults', () => {
    expect(CHART_DEFAULTS).toMatchObject({
      dotSize: 10,
      lineWidth: 2,
      fillOpacity: { area: 0.6, bar: 1, radar: 0.4, scatter: 0.9 },
      radarOuterRadius: 70,
      radarStartAngle: 90,
      legendItemGap: 10,
      legendPosition: 'top',
      labelSlant: 45,
      categoryLabelMax: 15,
    });
  });
});
