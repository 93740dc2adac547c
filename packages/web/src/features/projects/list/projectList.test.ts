import { describe, expect, it } from 'vitest';
import { emptyStateKey, visibleProjects } from './projectList.ts';

const names = (list: Array<{ name: string }>) => list.map((p) => p.name);
const projects = ['Zeta Survey', 'churn analysis', 'Alpha Pilot', 'Quarterly Forecast', 'Beta 10', 'Beta 9'].map(
  (name) => ({ name }),
);

describe('the project list', () => {
  it('sorts the names alphabetically, ignoring case and reading numbers as numbers', () => {
    expect(names(visibleProjects(projects, ''))).toEqual([
      'Alpha Pilot',
      'Beta 9',
      'Beta 10',
      'churn analysis',
      'Quarterly Forecast',
      'Zeta Survey',
    ]);
  });

  it('filters by name with the shared search and keeps the alphabetical order', () => {
    expect(names(visibleProjects(projects, 'beta'))).toEqual(['Beta 9', 'Beta 10']);
    expect(names(visibleProjects(projects, 're:^(z|a)'))).toEqual(['Alpha Pilot', 'Zeta Survey']);
    expect(visibleProjects(projects, 'qwxz')).toEqual([]);
  });

  it('tells the empty list from a search without match', () => {
    expect(emptyStateKey(0, 0)).toBe('empty');
    expect(emptyStateKey(3, 0)).toBe('noMatch');
    expect(emptyStateKey(3, 1)).toBeNull();
  });
});
