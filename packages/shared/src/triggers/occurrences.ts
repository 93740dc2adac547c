import { DateTime, IANAZone } from 'luxon';
import type { TriggerPattern } from './pattern.ts';

/**
 * The one occurrence rule of scheduled runs. Every occurrence is a local wall time in the
 * trigger's zone, turned into an instant only at the end, so that 09:00 daily stays 09:00 local across DST:
 * - a wall time that does not exist (the spring-forward gap) runs once, at the first valid instant after the gap;
 * - a wall time that exists twice (the fall-back hour) runs once, at its first instant;
 * - minutes and hours repeat inside the daily window [start time, interval end time], restarting each day;
 * - days every N days from the start date; weeks every N weeks (7-day blocks from the start date) on the chosen
 *   days of the week; months every N months from the start month on the chosen days of the month. A day of the
 *   month the month does not have (31 in April, 30 in February) runs on the month's last day: someone who asks
 *   for "the 31st" means the end of the month, and skipping short months would silently drop five runs a year.
 *   Two chosen days that land on the same last day run once.
 * - day_of_the_week, when given, narrows minutes, hours and days too.
 */

/** A calendar date as a UTC DateTime at midnight: day arithmetic with no zone in the way. */
const calendarDate = (iso: string) => DateTime.fromISO(iso.slice(0, 10), { zone: 'utc' });

const secondsOf = (time: string) => {
  const [h = 0, m = 0, s = 0] = time.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/** The wall times of one matching day, in seconds after midnight. */
function timesOfDay(p: TriggerPattern): number[] {
  const start = secondsOf(p.start.scheduled_starttime);
  const { unit, value } = p.repeat;
  if ((unit !== 'minutes' && unit !== 'hours') || !value || !p.start.scheduled_endtime) return [start];
  const step = value * (unit === 'minutes' ? 60 : 3600);
  const end = secondsOf(p.start.scheduled_endtime);
  const times: number[] = [];
  for (let t = start; t <= end; t += step) times.push(t);
  return times;
}

const dayOfWeek = (d: DateTime) => d.weekday % 7;

/** Whether the calendar day `d` carries occurrences. */
function dayMatches(p: TriggerPattern, d: DateTime, start: DateTime): boolean {
  const days = Math.round(d.diff(start, 'days').days);
  if (days < 0) return false;
  const { unit } = p.repeat;
  const n = p.repeat.value ?? 1;
  const weekdays = p.filter.day_of_the_week;
  const narrowed = !weekdays.length || weekdays.includes(dayOfWeek(d));
  switch (unit) {
    case 'never':
      return days === 0;
    case 'minutes':
    case 'hours':
      return narrowed;
    case 'days':
      return days % n === 0 && narrowed;
    case 'weeks': {
      const chosen = weekdays.length ? weekdays : [dayOfWeek(start)];
      return Math.floor(days / 7) % n === 0 && chosen.includes(dayOfWeek(d));
    }
    case 'months': {
      const months = (d.year - start.year) * 12 + d.month - start.month;
      const chosen = p.filter.day_of_the_month.length ? p.filter.day_of_the_month : [start.day];
      const last = d.daysInMonth ?? 31;
      return months % n === 0 && chosen.some((day) => Math.min(day, last) === d.day);
    }
  }
}

/**
 * The instants of a day's wall times. On a day with no offset change (checked at both ends of every instant the
 * day's wall times can map to) each is its wall time minus the offset; on a change day each goes through Luxon.
 */
function instantsOfDay(d: DateTime, times: number[], zone: string): number[] {
  const tz = IANAZone.create(zone);
  const midnight = Date.UTC(d.year, d.month - 1, d.day);
  const offset = tz.offset(midnight - 15 * 3600_000);
  const steady = offset === tz.offset(midnight + 39 * 3600_000);
  const instants = times.map((t) => (steady ? midnight + t * 1000 - offset * 60_000 : wallTimeInstant(d, t, zone)));
  return steady ? instants : [...new Set(instants)].sort((a, b) => a - b);
}

/** The instant of a wall time on a calendar day in a zone (the gap and the repeated hour as described above). */
export function wallTimeInstant(d: DateTime, seconds: number, zone: string): number {
  const tz = IANAZone.create(zone);
  const wall = Date.UTC(d.year, d.month - 1, d.day) + seconds * 1000;
  const probe = wall - tz.offset(wall) * 60_000;
  const offsets = [tz.offset(probe - 6 * 3600_000), tz.offset(probe), tz.offset(probe + 6 * 3600_000)];
  const instants = offsets.map((o) => wall - o * 60_000);
  const valid = instants.filter((at, i) => tz.offset(at) === offsets[i]);
  if (valid.length) return Math.min(...valid); // a repeated wall time runs at its first instant
  // In the gap: the first valid instant after it is the transition, found between the two readings of the wall time.
  let lo = Math.min(...instants);
  let hi = Math.max(...instants);
  const after = tz.offset(hi);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (tz.offset(mid) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The last instant an occurrence may fall on (Infinity when there is none). */
function untilInstant(p: TriggerPattern): number {
  const until = p.start.until_datetime;
  if (p.repeat.unit === 'never' || !until) return Number.POSITIVE_INFINITY;
  return wallTimeInstant(calendarDate(until), secondsOf(until.slice(11) || '23:59:59'), p.timezone);
}

/** A day with no occurrence for this long ends the search (no valid pattern has such a gap). */
const GIVE_UP_DAYS = 800;

/** The occurrences strictly after `after`, in order. */
export function* occurrencesAfter(p: TriggerPattern, after: Date): Generator<Date> {
  const start = calendarDate(p.start.effective_startdate);
  if (!start.isValid || !IANAZone.isValidZone(p.timezone)) return;
  const afterMs = after.getTime();
  const untilMs = untilInstant(p);
  const local = DateTime.fromMillis(afterMs, { zone: p.timezone });
  const fromDay = calendarDate(local.toISODate() ?? p.start.effective_startdate).minus({ days: 1 });
  let day = DateTime.max(fromDay, start);
  const times = timesOfDay(p);
  let idle = 0;
  while (idle < GIVE_UP_DAYS) {
    if (p.repeat.unit === 'never' && day > start) return;
    if (dayMatches(p, day, start)) {
      for (const ms of instantsOfDay(day, times, p.timezone)) {
        if (ms > untilMs) return;
        if (ms > afterMs) {
          idle = 0;
          yield new Date(ms);
        }
      }
    }
    idle += 1;
    day = day.plus({ days: 1 });
  }
}

/** The first occurrence strictly after `after`, or null when the schedule is over. */
export function nextOccurrence(p: TriggerPattern, after: Date): Date | null {
  for (const at of occurrencesAfter(p, after)) return at;
  return null;
}

/** The occurrences in (from, to], at most `limit` of them. */
export function occurrencesBetween(p: TriggerPattern, from: Date, to: Date, limit = 10_000): Date[] {
  const found: Date[] = [];
  for (const at of occurrencesAfter(p, from)) {
    if (at > to || found.length >= limit) break;
    found.push(at);
  }
  return found;
}

/** The first occurrence at or after `at` (a trigger created or resumed at `at` runs from then on). */
export function occurrenceFrom(p: TriggerPattern, at: Date): Date | null {
  return nextOccurrence(p, new Date(at.getTime() - 1));
}
