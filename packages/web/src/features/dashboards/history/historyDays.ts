import type { DashboardVersion } from '@tessera/shared';

/** Versions (newest first) grouped by their local day, in order: the history panel's sections. */
export function groupByDay(
  versions: readonly DashboardVersion[],
  dayOf: (time: string) => string,
): Array<{ day: string; versions: DashboardVersion[] }> {
  const groups: Array<{ day: string; versions: DashboardVersion[] }> = [];
  for (const version of versions) {
    const day = dayOf(version.time);
    const last = groups[groups.length - 1];
    if (last?.day === day) last.versions.push(version);
    else groups.push({ day, versions: [version] });
  }
  return groups;
}
