import {
  type CustomSubtype,
  copiedCardBox,
  DASHBOARD_LIMITS,
  type LayoutBox,
  newCardBox,
  type ServerMessage,
  type Tab,
  type Unit,
  type UnitType,
  visDatasetIds,
} from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { MailLanguage } from '../../../platform/mailLanguage.ts';
import { copyName, copyUnitValues } from '../copy.ts';
import type { DashboardsDeps } from '../dashboards.deps.ts';
import type { DashboardEvents } from '../dashboards.events.ts';
import { findDashboard } from '../dashboards.store.ts';
import { type Author, History } from '../history/recorder.ts';
import { presentTab } from '../tabs/tabs.presenter.ts';
import { findTab, lockTab, type TabRow, updateTabRow } from '../tabs/tabs.store.ts';
import { presentUnit } from './units.presenter.ts';
import { deleteUnitRow, findUnit, insertUnits, type UnitChange, updateUnitRow } from './units.store.ts';

export const TOO_MANY_UNITS: ServerMessage = { code: 'card.tooMany', params: { count: DASHBOARD_LIMITS.unitsPerTab } };
const unitNotFound = () => notFound('card.notFound');

export interface UnitUpdate {
  name?: string;
  description?: string;
  type?: UnitType | null;
  subtype?: CustomSubtype | null;
  vis?: Record<string, unknown>;
}

/** Cards: add, duplicate, delete (the tab's order and layout follow), show and save. */
export class UnitsService {
  private readonly db: Db;
  private readonly history: History;
  private readonly events: DashboardEvents;
  constructor(deps: DashboardsDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.history = new History(deps);
  }

  async get(id: string): Promise<Unit> {
    const record = await findUnit(this.db, id);
    if (!record) throw unitNotFound();
    return presentUnit(record.row, record.dashboardId);
  }

  /** Adds a card with no type yet, at the given place or where a new card goes by default (docs/data-apps.md). */
  async create(tabId: string, box: LayoutBox | undefined, author: Author): Promise<{ tab: Tab; unit: Unit }> {
    return this.addCard(tabId, author, async (tx, tab, type) => {
      const [row] = await insertUnits(tx, [{ id: newId(), tabId }]);
      return { row, box: box ?? newCardBox(type, tab.layout) };
    });
  }

  /** Duplicate (card): a copy named "… (copy)" on the same tab, by default the original's size below every card. */
  async duplicate(
    tabId: string,
    unitId: string,
    box: LayoutBox | undefined,
    author: Author,
    language: MailLanguage = 'en',
  ): Promise<{ tab: Tab; unit: Unit }> {
    return this.addCard(tabId, author, async (tx, tab) => {
      const source = await findUnit(tx, unitId);
      if (!source || source.row.tabId !== tabId) throw unitNotFound();
      // The copy is named "… (copy)" (an untitled card stays untitled), like a duplicated dashboard or tab.
      const copy = {
        ...copyUnitValues(source.row, tabId),
        name: source.row.name ? copyName(source.row.name, language) : '',
      };
      const [row] = await insertUnits(tx, [copy]);
      return {
        row,
        box:
          box ??
          copiedCardBox(
            tab.layout.find((item) => item.i === unitId),
            tab.layout,
          ),
      };
    });
  }

  async delete(tabId: string, unitId: string, author: Author): Promise<{ tab: Tab }> {
    const dashboardId = await this.dashboardOfTab(tabId);
    const { tab, projectId } = await this.history.transaction(dashboardId, author, async (tx) => {
      const current = await lockTab(tx, tabId);
      if (!current) throw notFound('tab.notFound');
      const record = await findUnit(tx, unitId);
      if (!record || record.row.tabId !== tabId) throw unitNotFound();
      await deleteUnitRow(tx, unitId);
      const row = await updateTabRow(tx, tabId, {
        unitIds: current.unitIds.filter((id) => id !== unitId),
        layout: current.layout.filter((item) => item.i !== unitId),
      });
      return { tab: presentTab(row!), projectId: await this.projectOf(tx, current) };
    });
    this.events.unitDeleted(projectId, { _id: unitId, tabId, dashboardId: tab.dashboardId });
    this.events.tabUpdated(projectId, tab);
    return { tab };
  }

  /** Saves a card. A subtype belongs to custom cards only; the datasets its vis draws on are kept beside it. */
  async update(id: string, input: UnitUpdate, author: Author): Promise<Unit> {
    const record = await findUnit(this.db, id);
    if (!record) throw unitNotFound();
    const type = input.type === undefined ? record.row.type : input.type;
    // Changing a card away from custom drops its subtype unless a new one is given (and refused below).
    let subtype = input.subtype === undefined ? record.row.subtype : input.subtype;
    if (type !== 'custom' && input.subtype === undefined) subtype = null;
    if (subtype !== null && type !== 'custom')
      throw badRequest('card.subtypeOnlyCustom', { subtype: 'card.subtypeOnlyCustom' });

    const change: UnitChange = { type, subtype, timeUpdated: new Date() };
    if (input.name !== undefined) change.name = input.name;
    if (input.description !== undefined) change.description = input.description;
    if (input.vis !== undefined) {
      change.vis = input.vis;
      change.datasetIds = visDatasetIds(input.vis);
    }
    const row = await this.history.transaction(record.dashboardId, author, (tx) => updateUnitRow(tx, id, change));
    if (!row) throw unitNotFound();
    const unit = presentUnit(row, record.dashboardId);
    const dashboard = await findDashboard(this.db, record.dashboardId);
    if (dashboard) this.events.unitUpdated(dashboard.projectId, unit);
    return unit;
  }

  /** Adds one card to a tab under the tab's lock: its id joins the order, its box the layout. */
  private async addCard(
    tabId: string,
    author: Author,
    make: (
      tx: Db,
      tab: TabRow,
      type: 'Dashboard' | 'Report',
    ) => Promise<{ row: Awaited<ReturnType<typeof insertUnits>>[number]; box: LayoutBox }>,
  ): Promise<{ tab: Tab; unit: Unit }> {
    const dashboardId = await this.dashboardOfTab(tabId);
    const result = await this.history.transaction(dashboardId, author, async (tx) => {
      const current = await lockTab(tx, tabId);
      if (!current) throw notFound('tab.notFound');
      if (current.unitIds.length >= DASHBOARD_LIMITS.unitsPerTab) throw badRequest(TOO_MANY_UNITS);
      const dashboard = await findDashboard(tx, current.dashboardId);
      if (!dashboard) throw notFound('tab.notFound');
      const { row, box } = await make(tx, current, dashboard.type);
      const updated = await updateTabRow(tx, tabId, {
        unitIds: [...current.unitIds, row.id],
        layout: [...current.layout, { ...box, i: row.id }],
      });
      return {
        tab: presentTab(updated!),
        unit: presentUnit(row, current.dashboardId),
        projectId: dashboard.projectId,
      };
    });
    this.events.unitUpdated(result.projectId, result.unit);
    this.events.tabUpdated(result.projectId, result.tab);
    return { tab: result.tab, unit: result.unit };
  }

  private async dashboardOfTab(tabId: string): Promise<string> {
    const tab = await findTab(this.db, tabId);
    if (!tab) throw notFound('tab.notFound');
    return tab.dashboardId;
  }

  private async projectOf(db: Db, tab: TabRow): Promise<string> {
    const dashboard = await findDashboard(db, tab.dashboardId);
    if (!dashboard) throw notFound('tab.notFound');
    return dashboard.projectId;
  }
}
