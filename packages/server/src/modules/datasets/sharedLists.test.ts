import * as analytics from '@tessera/analytics';
import * as shared from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { pagesOf } from './datasets.data.ts';

describe('the lists the web (shared) and DuckDB (analytics) both use', () => {
  it('are the same', () => {
    expect(shared.FEATURE_TYPES).toEqual(analytics.FEATURE_TYPES);
    expect(shared.DATE_PRECISIONS).toEqual(analytics.DATE_PRECISIONS);
    expect(shared.JOIN_TYPES).toEqual(analytics.JOIN_TYPES);
    expect(shared.FILTER_OPERATIONS).toEqual(analytics.FILTER_OPERATIONS);
    expect(shared.DURATION_UNITS).toEqual(analytics.DURATION_UNITS);
    expect(shared.FEATURE_PREVIEW_SIZE).toBe(analytics.PREVIEW_SIZE);
  });
});

describe('pagesOf', () => {
  it.each([
    [1, 50, 0, { current: 1, total: 0, hasNext: false, hasPrev: false, next: null, prev: null }],
    [1, 50, 50, { current: 1, total: 1, hasNext: false, hasPrev: false, next: null, prev: null }],
    [1, 50, 51, { current: 1, total: 2, hasNext: true, hasPrev: false, next: 2, prev: null }],
    [2, 50, 51, { current: 2, total: 2, hasNext: false, hasPrev: true, next: null, prev: 1 }],
    [2, 10, 35, { current: 2, total: 4, hasNext: true, hasPrev: true, next: 3, prev: 1 }],
  ])('page %i of %i rows a page over %i rows', (current, limit, count, expected) => {
    expect(pagesOf(current, limit, count)).toEqual(expected);
  });
});
