import type { Unit, UnitData } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { cardBodyState, isBlankCard } from './cardBody.ts';

const F = '0000000000000000000000f1';
const D = '0000000000000000000000d1';
const feature = { _id: F, dataset: { _id: D } };

const table: Pick<Unit, 'type' | 'vis'> = { type: 'table', vis: { table: [{ id: 'c1', feature }] } };
const emptyTable: Pick<Unit, 'type' | 'vis'> = { type: 'table', vis: { table: [] } };
const pie = (): Pick<Unit, 'type' | 'vis'> => ({
  type: 'chart',
  vis: { chartType: 'pie', dependent: [{ series: [{ id: 's1', feature }] }] },
});

function answer(rows: number, error: UnitData['error'] = null): UnitData {
  return {
    data: Array.from({ length: rows }, (_, i) => ({ c1: i })),
    series: [],
    features: [],
    pages: null,
    jobId: null,
    error,
  };
}

describe('a blank card (Cancel in the mapping editor removes it)', () => {
  const named = { name: '', description: '' };
  it('is one with no name, no description and nothing mapped', () => {
    expect(isBlankCard({ ...emptyTable, ...named })).toBe(true);
    expect(isBlankCard({ type: 'custom', vis: {}, ...named })).toBe(true);
    expect(isBlankCard({ ...table, ...named })).toBe(false);
    expect(isBlankCard({ ...emptyTable, name: 'Sales', description: '' })).toBe(false);
    expect(isBlankCard({ ...emptyTable, name: '', description: 'Kept' })).toBe(false);
    expect(isBlankCard({ type: 'custom', vis: { markdown: '# Hi' }, ...named })).toBe(false);
  });
});

describe('card render order', () => {
  it('shows the empty placeholder when nothing is mapped, whatever the data says', () => {
    expect(cardBodyState({ unit: emptyTable, data: answer(3), hydrated: true, failed: false })).toEqual({
      kind: 'placeholder',
      code: 'empty',
    });
  });

  it('shows the loader before the first answer, even if a failure is known but not hydrated', () => {
    expect(cardBodyState({ unit: table, data: undefined, hydrated: false, failed: false }).kind).toBe('loader');
    expect(cardBodyState({ unit: table, data: undefined, hydrated: false, failed: true }).kind).toBe('loader');
  });

  it('shows the error placeholder for a failed request, and the answer’s own code for a data error', () => {
    expect(cardBodyState({ unit: table, data: undefined, hydrated: true, failed: true })).toEqual({
      kind: 'placeholder',
      code: 'error',
    });
    const deleted = answer(0, { code: 'feature-deleted', message: 'gone' });
    expect(cardBodyState({ unit: table, data: deleted, hydrated: true, failed: false })).toEqual({
      kind: 'placeholder',
      code: 'feature-deleted',
    });
  });

  it('passes the exact cause an answer names on to the placeholder (issue #20 item 3)', () => {
    const mixed = answer(0, { code: 'bad-operation', message: 'x', reason: 'several-datasets' });
    expect(cardBodyState({ unit: table, data: mixed, hydrated: true, failed: false })).toEqual({
      kind: 'placeholder',
      code: 'bad-operation',
      cause: { reason: 'several-datasets', params: undefined },
    });
  });

  it('puts the error before no-data, no-data before too-much-data, and draws otherwise', () => {
    const both = answer(0, { code: 'too-much-data', message: 'x' });
    expect(cardBodyState({ unit: table, data: both, hydrated: true, failed: false })).toMatchObject({
      code: 'too-much-data',
    });
    expect(cardBodyState({ unit: table, data: answer(0), hydrated: true, failed: false })).toMatchObject({
      code: 'no-data',
    });
    expect(cardBodyState({ unit: pie(), data: answer(1001), hydrated: true, failed: false })).toMatchObject({
      code: 'too-much-data',
    });
    const drawn = cardBodyState({ unit: pie(), data: answer(1000), hydrated: true, failed: false });
    expect(drawn.kind).toBe('view');
  });

  it('counts a KPI answer (one object) as one row, an empty object as none', () => {
    const kpi: Pick<Unit, 'type' | 'vis'> = { type: 'kpi', vis: { kpi: [{ id: 'k', feature }] } };
    const one = { ...answer(0), data: { k: 12 } };
    const none = { ...answer(0), data: {} };
    expect(cardBodyState({ unit: kpi, data: one, hydrated: true, failed: false }).kind).toBe('view');
    expect(cardBodyState({ unit: kpi, data: none, hydrated: true, failed: false })).toMatchObject({
      code: 'no-data',
    });
  });
});
