import { describe, expect, it } from 'vitest';
import { dashboardPath, publicLink, unitMappingPath } from './paths.ts';

const dash = { _id: 'd1', type: 'Dashboard' as const };
const report = { _id: 'r1', type: 'Report' as const };

describe('data app paths', () => {
  it('puts reports under report/ in every place', () => {
    expect(dashboardPath({ kind: 'project', projectId: 'p' }, dash, 't')).toBe('/projects/p/dashboards/d1/tabs/t');
    expect(dashboardPath({ kind: 'project', projectId: 'p' }, report, 's')).toBe(
      '/projects/p/dashboards/report/r1/tabs/s',
    );
    expect(dashboardPath({ kind: 'public' }, report, null)).toBe('/public/dashboards/report/r1');
    expect(dashboardPath({ kind: 'preview', projectId: 'p' }, dash, 't')).toBe(
      '/preview/projects/p/dashboards/d1/tabs/t',
    );
  });

  it('builds the mapping editor path and the public link', () => {
    expect(unitMappingPath('p', 'u', 't', 'kpi')).toBe('/projects/p/units/u/mapping?tab=t&type=kpi');
    expect(unitMappingPath('p', 'u', null, 'custom')).toBe('/projects/p/units/u/mapping?type=custom');
    expect(publicLink('https://x.io', dash, 't')).toBe('https://x.io/public/dashboards/d1/tabs/t');
  });
});
