import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { tabs } from '../dashboards.tables.ts';

export type TabRow = typeof tabs.$inferSelect;
export type TabChange = Partial<Pick<TabRow, 'name' | 'description' | 'unitIds' | 'layout'>>;

export async function findTab(db: Db, id: string): Promise<TabRow | undefined> {
  const [row] = await db.select().from(tabs).where(eq(tabs.id, id));
  return row;
}

/** The tab row, locked until the transaction ends: every change of its cards or layout goes through this. */
export async function lockTab(tx: Db, id: string): Promise<TabRow | undefined> {
  const [row] = await tx.select().from(tabs).where(eq(tabs.id, id)).for('update');
  return row;
}

/** The tabs with these ids, in the order of `ids` (ids without a row are skipped). */
export async function listTabsInOrder(db: Db, ids: readonly string[]): Promise<TabRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(tabs)
    .where(inArray(tabs.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function insertTabs(db: Db, values: Array<typeof tabs.$inferInsert>): Promise<TabRow[]> {
  if (values.length === 0) return [];
  return db.insert(tabs).values(values).returning();
}

export async function updateTabRow(db: Db, id: string, change: TabChange): Promise<TabRow | undefined> {
  if (Object.keys(change).length === 0) return findTab(db, id);
  const [row] = await db.update(tabs).set(change).where(eq(tabs.id, id)).returning();
  return row;
}

/** Deletes the tab; its cards go with it through the foreign key. */
export async function deleteTabRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(tabs).where(eq(tabs.id, id)).returning({ id: tabs.id });
  return rows.length > 0;
}
