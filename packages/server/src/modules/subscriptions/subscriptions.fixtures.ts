import type { TriggerPattern } from '@tessera/shared';
import { eq } from 'drizzle-orm';
import { users } from '../../platform/tenancy.tables.ts';
import { createUser } from '../../test/accounts.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Person } from '../projects/projects.fixtures.ts';

/** Every day at 08:00 Paris time from a date years ahead (no real-clock scheduler finds it due during a test). */
export function dailyPattern(startDate = '2031-03-01', timezone = 'Europe/Paris'): TriggerPattern {
  return {
    timezone,
    start: {
      effective_startdate: startDate,
      scheduled_starttime: '08:00:00',
      scheduled_endtime: null,
      until_datetime: `${Number(startDate.slice(0, 4)) + 1}${startDate.slice(4)}T23:59:59`,
    },
    repeat: { unit: 'days', value: 1 },
    filter: { day_of_the_week: [], day_of_the_month: [] },
  };
}

export async function emailOfPerson(t: TestApp, who: Person): Promise<string> {
  const [row] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, who.id));
  return row.email;
}

/** A member of the organization whose address gives it a domain of its own (`domain`). */
export async function memberAt(t: TestApp, organizationId: string, domain: string): Promise<string> {
  const user = await createUser(t.database.db, organizationId, { email: `member-${Date.now()}@${domain}` });
  return user.email;
}
