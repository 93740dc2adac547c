import { describe, expect, it } from 'vitest';
import { firstTab, moveId, moveIdBy, tabAfterDelete } from './tabNavigation.ts';

describe('tab navigation rules', () => {
  const tabs = ['a', 'b', 'c'];

  it('deleting the selected tab goes to the next tab', () => {
    expect(tabAfterDelete(tabs, 'a', 'a')).toEqual({ kind: 'tab', tabId: 'b' });
    expect(tabAfterDelete(tabs, 'b', 'b')).toEqual({ kind: 'tab', tabId: 'c' });
  });

  it('else the previous one, else the dashboard', () => {
    expect(tabAfterDelete(tabs, 'c', 'c')).toEqual({ kind: 'tab', tabId: 'b' });
    expect(tabAfterDelete(['a'], 'a', 'a')).toEqual({ kind: 'dashboard' });
  });

  it('deleting another tab than the selected one stays', () => {
    expect(tabAfterDelete(tabs, 'c', 'a')).toEqual({ kind: 'stay' });
    expect(tabAfterDelete(tabs, 'x', 'x')).toEqual({ kind: 'stay' });
  });

  it('a dashboard opens at its first tab', () => {
    expect(firstTab(tabs)).toBe('a');
    expect(firstTab([])).toBeNull();
  });

  it('a drop puts the dragged id where the other was', () => {
    expect(moveId(tabs, 'c', 'a')).toEqual(['c', 'a', 'b']);
    expect(moveId(tabs, 'a', 'c')).toEqual(['b', 'c', 'a']);
    expect(moveId(tabs, 'a', 'a')).toEqual(tabs);
    expect(moveId(tabs, 'a', 'zz')).toEqual(tabs);
  });

  it('a move by keyboard goes one place earlier or later, never past either end', () => {
    expect(moveIdBy(tabs, 'b', -1)).toEqual(['b', 'a', 'c']);
    expect(moveIdBy(tabs, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(moveIdBy(tabs, 'a', -1)).toEqual(tabs);
    expect(moveIdBy(tabs, 'c', 1)).toEqual(tabs);
    expect(moveIdBy(tabs, 'zz', 1)).toEqual(tabs);
  });
});
