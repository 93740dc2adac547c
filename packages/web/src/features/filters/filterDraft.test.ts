import { isFilterValid } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { changed, menuOperations, newDraft, toNewFilter, withOperation } from './filterDraft.ts';

const F = 'f'.repeat(24);

describe('filter drafts', () => {
  it('opens the menu of the feature type with its first operation and no value (not yet valid)', () => {
    expect(newDraft(F, 'number')).toEqual({
      _id: '',
      type: 'value',
      operation: 'greater',
      value: null,
      feature: { id: F },
    });
    expect(newDraft(F, 'category')).toMatchObject({ type: 'category', operation: 'equal', value: [] });
    expect(newDraft(F, 'id')).toMatchObject({ type: 'category' });
    expect(newDraft(F, 'date')).toMatchObject({ type: 'date', operation: 'between', value: { from: null, to: null } });
    expect(newDraft(F, 'time')).toMatchObject({ type: 'time', operation: 'before', value: { value: null } });
    for (const type of ['number', 'category', 'text', 'date', 'time'] as const) {
      expect(isFilterValid(newDraft(F, type)), type).toBe(false);
    }
  });

  it('offers value operations and between in one number menu, switching value and range', () => {
    const draft = { ...newDraft(F, 'number'), value: 4 };
    expect(menuOperations(draft)).toContain('between');
    const range = withOperation(draft, 'between');
    expect(range).toMatchObject({ type: 'range', value: { from: null, to: null } });
    expect(withOperation(range, 'less')).toMatchObject({ type: 'value', value: null });
    expect(withOperation(draft, 'less')).toMatchObject({ type: 'value', operation: 'less', value: 4 });
    expect(withOperation(draft, 'empty')).toMatchObject({ operation: 'empty', value: null });
  });

  it('names the date menu tab for on, and a category text for contains', () => {
    const on = withOperation(newDraft(F, 'date'), 'on');
    expect(on).toMatchObject({ option: 'date', value: { on: null } });
    expect(withOperation(on, 'last')).not.toHaveProperty('option');
    expect(withOperation(newDraft(F, 'category'), 'contains')).toMatchObject({ value: '' });
  });

  it('sends no id or verdict, and tells a change', () => {
    const draft = { ...newDraft(F, 'text'), _id: 'abc', valid: true, value: 'x' };
    expect(toNewFilter(draft)).toEqual({ type: 'text', operation: 'contains', value: 'x', feature: { id: F } });
    expect(changed(draft, draft)).toBe(false);
    expect(changed({ ...draft, value: 'y' }, draft)).toBe(true);
    expect(changed(draft, undefined)).toBe(true);
  });
});
