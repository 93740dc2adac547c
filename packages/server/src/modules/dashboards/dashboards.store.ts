import { isPubliclyVisible } from '@tessera/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { moveJobsToProject } from '../../platform/jobs/index.ts';
import { sharingReadsAlike } from '../../platform/readsAlike.ts';
import { organizations, projects, users } from '../../platform/tenancy.tables.ts';
import { dashboards, tabs, units } from './dashboards.tables.ts';
import type { TabRow } from './tabs/tabs.store.ts';
import type { UnitRow } from './units/units.store.ts';

export type DashboardRow = typeof dashboards.$inferSelect;

/** A dashboard row with what its presentation adds: its creator's name and its number of distinct sources. */
export interface DashboardFacts {
  row: DashboardRow;
  user: { id: string; first: string; last: string } | null;
  sourcesCount: number;
}

// Distinct datasets over every card of the dashboard (each unit keeps its datasets beside its vis).
const sourcesCount = sql<number>`(
  select count(distinct source.value)::int
  from ${tabs} t
  join ${units} u on u.tab_id = t.id
  cross join lateral jsonb_array_elements_text(u.dataset_ids) as source(value)
  where t.dashboard_id = ${dashboards.id}
)`;

const factsSelection = {
  row: dashboards,
  userId: users.id,
  first: users.first,
  last: users.last,
  sourcesCount,
};

type FactsRecord = {
  row: DashboardRow;
  userId: string | null;
  first: string | null;
  last: string | null;
  sourcesCount: number;
};
const toFacts = ({ row, userId, first, last, sourcesCount: count }: FactsRecord): DashboardFacts => ({
  row,
  user: userId ? { id: userId, first: first ?? '', last: last ?? '' } : null,
  sourcesCount: Number(count ?? 0),
});

export async function findDashboard(db: Db, id: string): Promise<DashboardRow | undefined> {
  const [row] = await db.select().from(dashboards).where(eq(dashboards.id, id));
  return row;
}

/** The dashboard row, locked until the transaction ends: every change of its tab order goes through this. */
export async function lockDashboard(tx: Db, id: string): Promise<DashboardRow | undefined> {
  const [row] = await tx.select().from(dashboards).where(eq(dashboards.id, id)).for('update');
  return row;
}

export async function findDashboardFacts(db: Db, id: string): Promise<DashboardFacts | undefined> {
  const [record] = await db
    .select(factsSelection)
    .from(dashboards)
    .leftJoin(users, eq(users.id, dashboards.userId))
    .where(eq(dashboards.id, id));
  return record && toFacts(record);
}

/** A project's dashboards, newest first. */
export async function listDashboardFacts(db: Db, projectId: string): Promise<DashboardFacts[]> {
  const records = await db
    .select(factsSelection)
    .from(dashboards)
    .leftJoin(users, eq(users.id, dashboards.userId))
    .where(eq(dashboards.projectId, projectId))
    .orderBy(desc(dashboards.timeCreated), desc(dashboards.id));
  return records.map(toFacts);
}

export async function insertDashboard(db: Db, values: typeof dashboards.$inferInsert): Promise<DashboardRow> {
  const [row] = await db.insert(dashboards).values(values).returning();
  return row;
}

export type DashboardChange = Partial<
  Pick<
    DashboardRow,
    | 'name'
    | 'description'
    | 'display'
    | 'colors'
    | 'tabIds'
    | 'previewStatus'
    | 'previewRequestedAt'
    | 'previewRenderedAt'
    | 'previewError'
  >
>;

export async function updateDashboardRow(
  db: Db,
  id: string,
  change: DashboardChange,
): Promise<DashboardRow | undefined> {
  if (Object.keys(change).length === 0) return findDashboard(db, id);
  const [row] = await db.update(dashboards).set(change).where(eq(dashboards.id, id)).returning();
  return row;
}

/** Deletes the dashboard; its tabs, cards and preview tokens go with it through the foreign keys. */
export async function deleteDashboardRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(dashboards).where(eq(dashboards.id, id)).returning({ id: dashboards.id });
  return rows.length > 0;
}

/**
 * Transfer Assets: moves the dashboards among `ids` that belong to `from`; tabs and cards follow their dashboard,
 * and so do their preview jobs' records.
 */
/** The ids of a project's dashboards (whose preview images outlive their rows unless removed). */
export async function dashboardIdsOfProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await db.select({ id: dashboards.id }).from(dashboards).where(eq(dashboards.projectId, projectId));
  return rows.map((r) => r.id);
}

export async function moveDashboards(db: Db, ids: string[], from: string, to: string): Promise<number> {
  const rows = await db
    .update(dashboards)
    .set({ projectId: to })
    .where(and(eq(dashboards.projectId, from), inArray(dashboards.id, ids)))
    .returning({ id: dashboards.id });
  await moveJobsToProject(
    db,
    'dashboard',
    rows.map((r) => r.id),
    to,
  );
  return rows.length;
}

/** The project of a dashboard, tab or card: what the access rule resolves their ids to. */
export async function projectOfDashboard(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ projectId: dashboards.projectId }).from(dashboards).where(eq(dashboards.id, id));
  return row?.projectId;
}

export async function projectOfTab(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ projectId: dashboards.projectId })
    .from(tabs)
    .innerJoin(dashboards, eq(dashboards.id, tabs.dashboardId))
    .where(eq(tabs.id, id));
  return row?.projectId;
}

/**
 * The facts that decide whether a dashboard may be shown without login: its project is public, its
 * organization active and sharing publicly (a deactivated organization shows nothing, even to the renderer).
 */
/** Whether a dashboard opens to anyone (its project public, its organization active and sharing), and as of which data. */
export interface DashboardExposure<Row = DashboardRow> {
  row: Row;
  organizationActive: boolean;
  publiclyVisible: boolean;
  dataVersion: number;
}

const exposureFields = {
  public: projects.public,
  dataVersion: projects.dataVersion,
  orgActive: organizations.active,
  publicSharing: organizations.publicSharing,
};

function exposureOf<Row>(record: {
  row: Row;
  public: boolean;
  dataVersion: number;
  orgActive: boolean;
  publicSharing: boolean;
}): DashboardExposure<Row> {
  return {
    row: record.row,
    organizationActive: record.orgActive,
    publiclyVisible: isPubliclyVisible({
      projectPublic: record.public,
      organization: { active: record.orgActive, publicSharing: record.publicSharing },
    }),
    dataVersion: record.dataVersion,
  };
}

/**
 * A dashboard with its exposure, or undefined. Every public page and public card request asks it: concurrent
 * reads of one dashboard share one (platform/readsAlike.ts), so the answer is shared and must not be changed.
 */
export const findDashboardExposure: (db: Db, id: string) => Promise<DashboardExposure | undefined> = sharingReadsAlike(
  async (db: Db, id: string) => {
    const [record] = await dashboardExposureQuery(db).execute({ id });
    return record && exposureOf(record);
  },
  (id) => id,
);
/** Prepared once: every public page and public dashboard read asks it. */
const dashboardExposureQuery = preparedQuery((db) =>
  db
    .select({ row: dashboards, ...exposureFields })
    .from(dashboards)
    .innerJoin(projects, eq(projects.id, dashboards.projectId))
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(eq(dashboards.id, sql.placeholder('id')))
    .prepare('dashboard_exposure'),
);

/** What a public card's request needs of its dashboard and tab: its saved filters, and that it is listed there. */
export type PublicUnitPlace = DashboardExposure<
  Pick<DashboardRow, 'id' | 'projectId' | 'filters' | 'tabIds' | 'contentVersion'>
> & {
  tab: Pick<TabRow, 'id' | 'filters' | 'unitIds'>;
  unit: UnitRow;
};

/**
 * A card of the dashboard `dashboardId` with its tab and the dashboard's exposure, in one read: what every public
 * card data request asks (prepared once, as the member's card read is). Undefined when the card is not on one of
 * that dashboard's tabs.
 */
export async function findPublicUnitPlace(
  db: Db,
  dashboardId: string,
  unitId: string,
): Promise<PublicUnitPlace | undefined> {
  const [record] = await publicUnitPlaceQuery(db).execute({ dashboardId, unitId });
  return record && { ...exposureOf(record), tab: record.tab, unit: record.unit };
}
const publicUnitPlaceQuery = preparedQuery((db) =>
  db
    .select({
      row: {
        id: dashboards.id,
        projectId: dashboards.projectId,
        filters: dashboards.filters,
        tabIds: dashboards.tabIds,
        contentVersion: dashboards.contentVersion,
      },
      tab: { id: tabs.id, filters: tabs.filters, unitIds: tabs.unitIds },
      unit: units,
      ...exposureFields,
    })
    .from(units)
    .innerJoin(tabs, eq(tabs.id, units.tabId))
    .innerJoin(dashboards, eq(dashboards.id, tabs.dashboardId))
    .innerJoin(projects, eq(projects.id, dashboards.projectId))
    .innerJoin(organizations, eq(organizations.id, projects.organizationId))
    .where(and(eq(units.id, sql.placeholder('unitId')), eq(dashboards.id, sql.placeholder('dashboardId'))))
    .prepare('public_unit_place'),
);

/**
 * The cards among `unitIds` that hang from a tab of the dashboard `dashboardId`, with their tab, in one read (a
 * public batch of cards: `findPublicUnitPlace` for each, less the dashboard, read once by the caller).
 */
export async function findUnitsOfDashboard(
  db: Db,
  dashboardId: string,
  unitIds: readonly string[],
): Promise<ReadonlyArray<Pick<PublicUnitPlace, 'tab' | 'unit'>>> {
  if (!unitIds.length) return [];
  return unitsOfDashboard(db, dashboardId, [...new Set(unitIds)].sort());
}
/** A crowd's batches of one dashboard ask for the same cards: concurrent reads alike share one. */
const unitsOfDashboard = sharingReadsAlike(
  async (db: Db, dashboardId: string, unitIds: string[]) =>
    await db
      .select({ tab: { id: tabs.id, filters: tabs.filters, unitIds: tabs.unitIds }, unit: units })
      .from(units)
      .innerJoin(tabs, eq(tabs.id, units.tabId))
      .where(and(inArray(units.id, unitIds), eq(tabs.dashboardId, dashboardId))),
  (dashboardId, unitIds) => JSON.stringify([dashboardId, unitIds]),
);

/** Whether some card of a dashboard of the project reads one of these datasets (a model used on a dashboard). */
export async function dashboardsReadAny(db: Db, projectId: string, datasetIds: string[]): Promise<boolean> {
  if (!datasetIds.length) return false;
  const wanted = sql`array[${sql.join(
    datasetIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const [row] = await db
    .select({ id: units.id })
    .from(units)
    .innerJoin(tabs, eq(tabs.id, units.tabId))
    .innerJoin(dashboards, eq(dashboards.id, tabs.dashboardId))
    .where(and(eq(dashboards.projectId, projectId), sql`jsonb_exists_any(${units.datasetIds}, ${wanted})`))
    .limit(1);
  return !!row;
}

/** The datasets the cards of a dashboard read (each unit keeps its datasets beside its vis). */
export async function datasetIdsOfDashboard(db: Db, dashboardId: string): Promise<string[]> {
  const rows = await db
    .select({ ids: units.datasetIds })
    .from(units)
    .innerJoin(tabs, eq(tabs.id, units.tabId))
    .where(eq(tabs.dashboardId, dashboardId));
  return [...new Set(rows.flatMap((r) => r.ids))];
}
