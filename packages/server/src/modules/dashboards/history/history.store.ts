import type { StateOp } from '@tessera/shared';
import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNotNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../platform/tenancy.tables.ts';
import { dashboardSteps, dashboardVersions } from './history.tables.ts';

/** SQL only: a data app's versions and their steps (history.tables.ts). */

export type VersionRow = typeof dashboardVersions.$inferSelect;
export type StepRow = typeof dashboardSteps.$inferSelect;

export async function latestVersion(db: Db, dashboardId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(dashboardVersions)
    .where(eq(dashboardVersions.dashboardId, dashboardId))
    .orderBy(desc(dashboardVersions.number))
    .limit(1);
  return row;
}

export async function lastSeq(db: Db, dashboardId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${dashboardSteps.seq}), 0)::int` })
    .from(dashboardSteps)
    .where(eq(dashboardSteps.dashboardId, dashboardId));
  return Number(row?.seq ?? 0);
}

export async function insertVersion(db: Db, values: typeof dashboardVersions.$inferInsert): Promise<VersionRow> {
  const [row] = await db.insert(dashboardVersions).values(values).returning();
  return row;
}

export async function updateVersion(
  db: Db,
  id: string,
  change: Partial<Pick<VersionRow, 'params' | 'timeUpdated' | 'snapshot'>>,
): Promise<void> {
  await db.update(dashboardVersions).set(change).where(eq(dashboardVersions.id, id));
}

export async function insertStep(db: Db, values: typeof dashboardSteps.$inferInsert): Promise<StepRow> {
  const [row] = await db.insert(dashboardSteps).values(values).returning();
  return row;
}

/** A version of this dashboard (another dashboard's version id is not found). */
export async function findVersion(db: Db, dashboardId: string, id: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(dashboardVersions)
    .where(and(eq(dashboardVersions.id, id), eq(dashboardVersions.dashboardId, dashboardId)));
  return row;
}

export interface VersionListRow {
  row: VersionRow;
  user: { id: string; first: string; last: string } | null;
}

/** A page of versions, newest first, optionally one person's. */
export async function listVersions(
  db: Db,
  dashboardId: string,
  options: { offset: number; limit: number; userId?: string },
): Promise<{ rows: VersionListRow[]; total: number }> {
  const where = and(
    eq(dashboardVersions.dashboardId, dashboardId),
    options.userId ? eq(dashboardVersions.userId, options.userId) : undefined,
  );
  const records = await db
    .select({ row: dashboardVersions, userId: users.id, first: users.first, last: users.last })
    .from(dashboardVersions)
    .leftJoin(users, eq(users.id, dashboardVersions.userId))
    .where(where)
    .orderBy(desc(dashboardVersions.number))
    .offset(options.offset)
    .limit(options.limit);
  const [{ total }] = await db.select({ total: count() }).from(dashboardVersions).where(where);
  return {
    rows: records.map((r) => ({
      row: r.row,
      user: r.userId ? { id: r.userId, first: r.first ?? '', last: r.last ?? '' } : null,
    })),
    total: Number(total),
  };
}

/** The people who made versions of this dashboard (the history's filter by person). */
export async function versionAuthors(db: Db, dashboardId: string) {
  return db
    .selectDistinct({ id: users.id, first: users.first, last: users.last })
    .from(dashboardVersions)
    .innerJoin(users, eq(users.id, dashboardVersions.userId))
    .where(eq(dashboardVersions.dashboardId, dashboardId))
    .orderBy(users.first, users.last);
}

/** The steps of these versions, in the order they were made. */
export async function stepsOfVersions(db: Db, versionIds: string[]): Promise<StepRow[]> {
  if (!versionIds.length) return [];
  return db
    .select()
    .from(dashboardSteps)
    .where(inArray(dashboardSteps.versionId, versionIds))
    .orderBy(asc(dashboardSteps.seq));
}

/** The newest version at or before `number` that keeps a snapshot (where rebuilding starts). */
export async function snapshotAtOrBefore(db: Db, dashboardId: string, number: number) {
  const [row] = await db
    .select()
    .from(dashboardVersions)
    .where(
      and(
        eq(dashboardVersions.dashboardId, dashboardId),
        lte(dashboardVersions.number, number),
        isNotNull(dashboardVersions.snapshot),
      ),
    )
    .orderBy(desc(dashboardVersions.number))
    .limit(1);
  return row;
}

/** The ops of every step of the versions numbered from..to, in order. */
export async function opsBetween(db: Db, dashboardId: string, from: number, to: number): Promise<StateOp[][]> {
  const rows = await db
    .select({ ops: dashboardSteps.ops })
    .from(dashboardSteps)
    .innerJoin(dashboardVersions, eq(dashboardVersions.id, dashboardSteps.versionId))
    .where(
      and(
        eq(dashboardSteps.dashboardId, dashboardId),
        gte(dashboardVersions.number, from),
        lte(dashboardVersions.number, to),
      ),
    )
    .orderBy(asc(dashboardSteps.seq));
  return rows.map((r) => r.ops);
}

/** The session's step that undo (`undone` 0, newest) or redo (`undone` 1, oldest) takes next. */
export async function nextSessionStep(
  db: Db,
  where: { dashboardId: string; userId: string; session: string },
  direction: 'undo' | 'redo',
): Promise<StepRow | undefined> {
  const [row] = await db
    .select()
    .from(dashboardSteps)
    .where(sessionSteps(where, direction === 'undo' ? 0 : 1))
    .orderBy(direction === 'undo' ? desc(dashboardSteps.seq) : asc(dashboardSteps.seq))
    .limit(1);
  return row;
}

const sessionSteps = (where: { dashboardId: string; userId: string; session: string }, undone: number) =>
  and(
    eq(dashboardSteps.dashboardId, where.dashboardId),
    eq(dashboardSteps.userId, where.userId),
    eq(dashboardSteps.session, where.session),
    eq(dashboardSteps.role, 'edit'),
    eq(dashboardSteps.undone, undone),
  );

/** How many steps the session may undo and redo. */
export async function sessionCounts(db: Db, where: { dashboardId: string; userId: string; session: string }) {
  const [undo] = await db.select({ n: count() }).from(dashboardSteps).where(sessionSteps(where, 0));
  const [redo] = await db.select({ n: count() }).from(dashboardSteps).where(sessionSteps(where, 1));
  return { undo: Number(undo.n), redo: Number(redo.n) };
}

export async function markStep(db: Db, id: string, undone: 0 | 1): Promise<void> {
  await db.update(dashboardSteps).set({ undone }).where(eq(dashboardSteps.id, id));
}

/** A new edit of the session: what it had undone can no longer be redone (2: dropped). */
export async function dropRedoable(db: Db, where: { dashboardId: string; userId: string; session: string }) {
  await db.update(dashboardSteps).set({ undone: 2 }).where(sessionSteps(where, 1));
}

/** The newest step after `seq` by someone else, or by the same person elsewhere, touching these paths. */
export async function stepsAfter(db: Db, dashboardId: string, seq: number) {
  return db
    .select({ row: dashboardSteps, first: users.first, last: users.last })
    .from(dashboardSteps)
    .leftJoin(users, eq(users.id, dashboardSteps.userId))
    .where(and(eq(dashboardSteps.dashboardId, dashboardId), sql`${dashboardSteps.seq} > ${seq}`))
    .orderBy(desc(dashboardSteps.seq))
    .limit(500);
}

/** Retention: the numbers of the app's versions last changed before `before`, in order. */
export async function oldVersionNumbers(db: Db, dashboardId: string, before: Date): Promise<number[]> {
  const rows = await db
    .select({ number: dashboardVersions.number })
    .from(dashboardVersions)
    .where(and(eq(dashboardVersions.dashboardId, dashboardId), lt(dashboardVersions.timeUpdated, before)))
    .orderBy(asc(dashboardVersions.number));
  return rows.map((r) => r.number);
}

/** Deletes the app's versions numbered below `number` (their steps with them); answers how many. */
export async function deleteVersionsBelow(db: Db, dashboardId: string, number: number): Promise<number> {
  const gone = await db
    .delete(dashboardVersions)
    .where(and(eq(dashboardVersions.dashboardId, dashboardId), lt(dashboardVersions.number, number)))
    .returning({ id: dashboardVersions.id });
  return gone.length;
}

/** Retention: apps having a version last changed before `before` that is not their newest. */
export async function appsWithPrunableVersions(db: Db, before: Date, limit: number): Promise<string[]> {
  const newer = alias(dashboardVersions, 'newer');
  const rows = await db
    .selectDistinct({ id: dashboardVersions.dashboardId })
    .from(dashboardVersions)
    .where(
      and(
        lt(dashboardVersions.timeUpdated, before),
        exists(
          db
            .select({ one: sql`1` })
            .from(newer)
            .where(
              and(eq(newer.dashboardId, dashboardVersions.dashboardId), gt(newer.number, dashboardVersions.number)),
            ),
        ),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function versionByNumber(db: Db, dashboardId: string, number: number) {
  const [row] = await db
    .select()
    .from(dashboardVersions)
    .where(and(eq(dashboardVersions.dashboardId, dashboardId), eq(dashboardVersions.number, number)));
  return row;
}

/** One version of this dashboard with its author, as the list shows it. */
export async function findVersionListed(db: Db, dashboardId: string, id: string): Promise<VersionListRow | undefined> {
  const [r] = await db
    .select({ row: dashboardVersions, userId: users.id, first: users.first, last: users.last })
    .from(dashboardVersions)
    .leftJoin(users, eq(users.id, dashboardVersions.userId))
    .where(and(eq(dashboardVersions.id, id), eq(dashboardVersions.dashboardId, dashboardId)));
  return r && { row: r.row, user: r.userId ? { id: r.userId, first: r.first ?? '', last: r.last ?? '' } : null };
}
