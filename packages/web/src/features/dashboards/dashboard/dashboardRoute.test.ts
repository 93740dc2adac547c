import { describe, expect, it } from 'vitest';
import { dashboardRouteOutcome } from './dashboardRoute.ts';

const dashboard = { type: 'Dashboard' as const, tabs: ['t1', 't2'] };
const report = { type: 'Report' as const, tabs: ['s1'] };

describe('dashboard routes', () => {
  it('shows a known tab', () => {
    expect(dashboardRouteOutcome(dashboard, 'Dashboard', 't2')).toEqual({ kind: 'show', tabId: 't2' });
  });

  it('goes to the first tab without a tab, or with a tab that is not the dashboard’s', () => {
    expect(dashboardRouteOutcome(dashboard, 'Dashboard', undefined)).toEqual({ kind: 'redirect', tabId: 't1' });
    expect(dashboardRouteOutcome(dashboard, 'Dashboard', 'gone')).toEqual({ kind: 'redirect', tabId: 't1' });
  });

  it('shows a dashboard without tabs at its own path (the empty data app)', () => {
    expect(dashboardRouteOutcome({ type: 'Dashboard', tabs: [] }, 'Dashboard', undefined)).toEqual({
      kind: 'show',
      tabId: null,
    });
    expect(dashboardRouteOutcome({ type: 'Dashboard', tabs: [] }, 'Dashboard', 'gone')).toEqual({
      kind: 'redirect',
      tabId: null,
    });
  });

  it('applies the tab rules when the open tab was just deleted (here or by another editor)', () => {
    const shown = ['t1', 'gone', 't2'];
    expect(dashboardRouteOutcome(dashboard, 'Dashboard', 'gone', shown)).toEqual({ kind: 'redirect', tabId: 't2' });
    expect(dashboardRouteOutcome(dashboard, 'Dashboard', 'gone', ['t1', 't2', 'gone'])).toEqual({
      kind: 'redirect',
      tabId: 't2',
    });
    const emptied = { type: 'Dashboard' as const, tabs: [] };
    expect(dashboardRouteOutcome(emptied, 'Dashboard', 'gone', ['gone'])).toEqual({ kind: 'redirect', tabId: null });
  });

  it('sends a report opened at a dashboard path to its report path, and the reverse', () => {
    expect(dashboardRouteOutcome(report, 'Dashboard', 's1')).toEqual({ kind: 'redirect', tabId: 's1' });
    expect(dashboardRouteOutcome(dashboard, 'Report', undefined)).toEqual({ kind: 'redirect', tabId: 't1' });
  });
});
