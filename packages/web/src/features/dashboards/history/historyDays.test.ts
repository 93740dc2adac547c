import type { DashboardVersion } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { groupByDay } from './historyDays.ts';

const v = (number: number, time: string) =>
  ({ _id: String(number), number, time, user: null, kind: 'renamed', summary: '', changes: [] }) as DashboardVersion;

describe('groupByDay', () => {
  it.each([
    ['nothing', [], []],
    ['one day', [v(2, '2026-12-03T10:00:00Z'), v(1, '2026-12-03T09:00:00Z')], [['2026-12-03', [2, 1]]]],
    [
      'two days, newest first',
      [v(3, '2026-12-03T10:00:00Z'), v(2, '2026-12-02T23:00:00Z'), v(1, '2026-12-02T08:00:00Z')],
      [
        ['2026-12-03', [3]],
        ['2026-12-02', [2, 1]],
      ],
    ],
  ])('%s', (_label, versions, expected) => {
    const groups = groupByDay(versions as DashboardVersion[], (time) => time.slice(0, 10));
    expect(groups.map((g) => [g.day, g.versions.map((x) => x.number)])).toEqual(expected);
  });
});
