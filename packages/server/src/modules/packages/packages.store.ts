import { and, asc, desc, eq, getTableColumns, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../platform/tenancy.tables.ts';
import { algorithms, packageModules, packageRevisions, packages } from './packages.tables.ts';

/** SQL only: packages, their revisions, modules and algorithms. */

export type PackageRow = typeof packages.$inferSelect;
export type PackageModuleRow = typeof packageModules.$inferSelect;
export type AlgorithmRow = typeof algorithms.$inferSelect;
export type PackageWithUser = PackageRow & { userName: string | null };

const withUser = {
  ...getTableColumns(packages),
  userName: sql<string | null>`nullif(trim(concat_ws(' ', ${users.first}, ${users.last})), '')`,
};

export async function findPackage(db: Db, id: string): Promise<PackageWithUser | undefined> {
  const [row] = await db
    .select(withUser)
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(eq(packages.id, id));
  return row;
}

export async function findPackageProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: packages.projectId }).from(packages).where(eq(packages.id, id));
  return row?.projectId;
}

/** A project's packages, newest first. */
export function listProjectPackages(db: Db, projectId: string): Promise<PackageWithUser[]> {
  return db
    .select(withUser)
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .where(eq(packages.projectId, projectId))
    .orderBy(desc(packages.timeCreated), desc(packages.id));
}

export async function listProjectPackageIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db.select({ id: packages.id }).from(packages).where(eq(packages.projectId, projectId));
  return rows.map((r) => r.id);
}

export async function insertPackage(db: Db, row: typeof packages.$inferInsert): Promise<PackageRow> {
  const [inserted] = await db.insert(packages).values(row).returning();
  return inserted;
}

export async function updatePackageRow(
  db: Db,
  id: string,
  change: Partial<Omit<PackageRow, 'id' | 'projectId' | 'timeCreated'>>,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .update(packages)
    .set({ ...change, lastUpdated: new Date() })
    .where(eq(packages.id, id))
    .returning();
  return row;
}

export async function deletePackageRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(packages).where(eq(packages.id, id)).returning({ id: packages.id });
  return rows.length > 0;
}

export async function insertRevision(db: Db, row: typeof packageRevisions.$inferInsert): Promise<void> {
  await db.insert(packageRevisions).values(row);
}

export async function findRevision(db: Db, packageId: string, revision: number) {
  const [row] = await db
    .select()
    .from(packageRevisions)
    .where(and(eq(packageRevisions.packageId, packageId), eq(packageRevisions.revision, revision)));
  return row;
}

export async function nextRevisionNumber(db: Db, packageId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${packageRevisions.revision})` })
    .from(packageRevisions)
    .where(eq(packageRevisions.packageId, packageId));
  return Number(row?.max ?? 0) + 1;
}

/** The modules of these packages with their algorithms, in discovery order. */
export async function listModules(db: Db, packageIds: string[]) {
  if (!packageIds.length) return { modules: [], algorithms: [] };
  const [moduleRows, algorithmRows] = await Promise.all([
    db
      .select()
      .from(packageModules)
      .where(inArray(packageModules.packageId, packageIds))
      .orderBy(asc(packageModules.listIndex)),
    db.select().from(algorithms).where(inArray(algorithms.packageId, packageIds)).orderBy(asc(algorithms.listIndex)),
  ]);
  return { modules: moduleRows, algorithms: algorithmRows };
}

export async function findAlgorithm(db: Db, id: string): Promise<AlgorithmRow | undefined> {
  const [row] = await db.select().from(algorithms).where(eq(algorithms.id, id));
  return row;
}

export async function findAlgorithmProject(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: algorithms.projectId }).from(algorithms).where(eq(algorithms.id, id));
  return row?.projectId;
}

export function listProjectAlgorithms(db: Db, projectId: string): Promise<AlgorithmRow[]> {
  return db
    .select()
    .from(algorithms)
    .innerJoin(packages, eq(packages.id, algorithms.packageId))
    .where(eq(algorithms.projectId, projectId))
    .orderBy(desc(packages.timeCreated), asc(algorithms.listIndex))
    .then((rows) => rows.map((r) => r.algorithms));
}

/**
 * Replaces a package's modules and algorithms with what discovery found, keeping the id of a module (by file)
 * and of an algorithm (by module file and function name) that is still there: models reference algorithms.
 */
export async function replaceDiscovery(
  tx: Db,
  pkg: { id: string; projectId: string },
  found: Array<{
    name: string;
    filename: string;
    error: string | null;
    functions: Array<{ functionName: string; params: AlgorithmRow['params']; returns: string | null; doc: string }>;
  }>,
  newId: () => string,
): Promise<void> {
  const oldModules = await tx.select().from(packageModules).where(eq(packageModules.packageId, pkg.id));
  const oldAlgorithms = await tx.select().from(algorithms).where(eq(algorithms.packageId, pkg.id));
  const moduleIdByFile = new Map(oldModules.map((m) => [m.filename, m.id]));
  const keptModules: string[] = [];
  const keptAlgorithms: string[] = [];
  let algorithmIndex = 0;
  for (const [listIndex, module] of found.entries()) {
    const moduleId = moduleIdByFile.get(module.filename) ?? newId();
    keptModules.push(moduleId);
    const values = { name: module.name, filename: module.filename, error: module.error, listIndex };
    await tx
      .insert(packageModules)
      .values({ id: moduleId, packageId: pkg.id, projectId: pkg.projectId, ...values })
      .onConflictDoUpdate({ target: packageModules.id, set: values });
    for (const fn of module.functions) {
      const old = oldAlgorithms.find((a) => a.moduleId === moduleId && a.functionName === fn.functionName);
      const id = old?.id ?? newId();
      keptAlgorithms.push(id);
      const set = { params: fn.params, returns: fn.returns, doc: fn.doc, listIndex: algorithmIndex++ };
      if (old) await tx.update(algorithms).set(set).where(eq(algorithms.id, id));
      else
        await tx.insert(algorithms).values({
          id,
          packageId: pkg.id,
          moduleId,
          projectId: pkg.projectId,
          name: fn.functionName,
          functionName: fn.functionName,
          ...set,
        });
    }
  }
  await tx
    .delete(algorithms)
    .where(
      and(
        eq(algorithms.packageId, pkg.id),
        keptAlgorithms.length ? notInArray(algorithms.id, keptAlgorithms) : undefined,
      ),
    );
  await tx
    .delete(packageModules)
    .where(
      and(
        eq(packageModules.packageId, pkg.id),
        keptModules.length ? notInArray(packageModules.id, keptModules) : undefined,
      ),
    );
}

/** Transfer Assets: the packages among `ids` of `from` move to `to` with their revisions, modules and algorithms. */
export async function movePackages(tx: Db, ids: string[], from: string, to: string): Promise<string[]> {
  if (!ids.length) return [];
  const moved = await tx
    .update(packages)
    .set({ projectId: to })
    .where(and(inArray(packages.id, ids), eq(packages.projectId, from)))
    .returning({ id: packages.id });
  const movedIds = moved.map((r) => r.id);
  if (movedIds.length) {
    await tx.update(packageRevisions).set({ projectId: to }).where(inArray(packageRevisions.packageId, movedIds));
    await tx.update(packageModules).set({ projectId: to }).where(inArray(packageModules.packageId, movedIds));
    await tx.update(algorithms).set({ projectId: to }).where(inArray(algorithms.packageId, movedIds));
  }
  return movedIds;
}
