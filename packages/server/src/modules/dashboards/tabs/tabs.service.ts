import {
  DASHBOARD_LIMITS,
  type Dashboard,
  isPermutation,
  type LayoutItem,
  layoutProblem,
  mergeLayout,
  type ServerMessage,
  type Tab,
  type Unit,
} from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import { badRequest, notFound } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import type { MailLanguage } from '../../../platform/mailLanguage.ts';
import { copyName, copyTab } from '../copy.ts';
import type { DashboardsDeps } from '../dashboards.deps.ts';
import type { DashboardEvents } from '../dashboards.events.ts';
import { presentDashboardById } from '../dashboards.service.ts';
import { findDashboard, lockDashboard, updateDashboardRow } from '../dashboards.store.ts';
import { type Author, History } from '../history/recorder.ts';
import { presentUnit } from '../units/units.presenter.ts';
import { insertUnits, listUnitsOfTabs } from '../units/units.store.ts';
import { presentTab } from './tabs.presenter.ts';
import { deleteTabRow, findTab, insertTabs, lockTab, type TabChange, updateTabRow } from './tabs.store.ts';

export const TOO_MANY_TABS: ServerMessage = {
  code: 'dashboard.tooManyTabs',
  params: { count: DASHBOARD_LIMITS.tabsPerDashboard },
};
const tabNotFound = () => notFound('tab.notFound');

/** Tabs (report sections): add, duplicate, delete (with their cards), edit, layout and card order. */
export class TabsService {
  private readonly db: Db;
  private readonly history: History;
  private readonly events: DashboardEvents;
  constructor(deps: DashboardsDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.history = new History(deps);
  }

  async get(id: string): Promise<{ tab: Tab; units: Unit[] }> {
    const row = await findTab(this.db, id);
    if (!row) throw tabNotFound();
    const unitRows = await listUnitsOfTabs(this.db, [id]);
    return { tab: presentTab(row), units: unitRows.map((u) => presentUnit(u, row.dashboardId)) };
  }

  /** Adds a tab at the end of the dashboard's order. */
  async create(dashboardId: string, input: { name: string; description: string }, author: Author) {
    const result = await this.history.transaction(dashboardId, author, async (tx) => {
      const dashboard = await lockDashboard(tx, dashboardId);
      if (!dashboard) throw notFound('dashboard.notFound');
      if (dashboard.tabIds.length >= DASHBOARD_LIMITS.tabsPerDashboard) throw badRequest(TOO_MANY_TABS);
      const [tab] = await insertTabs(tx, [{ id: newId(), dashboardId, ...input }]);
      await updateDashboardRow(tx, dashboardId, { tabIds: [...dashboard.tabIds, tab.id] });
      return { dashboard: await presentDashboardById(tx, dashboardId), tab: presentTab(tab) };
    });
    this.announce(result.dashboard, result.tab);
    return result;
  }

  /** Duplicate Tab: a copy with copies of its cards, right after the original. */
  async duplicate(
    dashboardId: string,
    tabId: string,
    name: string | undefined,
    author: Author,
    language: MailLanguage = 'en',
  ) {
    const result = await this.history.transaction(dashboardId, author, async (tx) => {
      const dashboard = await lockDashboard(tx, dashboardId);
      if (!dashboard) throw notFound('dashboard.notFound');
      const source = await findTab(tx, tabId);
      if (!source || source.dashboardId !== dashboardId) throw tabNotFound();
      if (dashboard.tabIds.length >= DASHBOARD_LIMITS.tabsPerDashboard) throw badRequest(TOO_MANY_TABS);
      const copy = copyTab(
        source,
        await listUnitsOfTabs(tx, [tabId]),
        dashboardId,
        name ?? copyName(source.name, language),
      );
      const [tab] = await insertTabs(tx, [copy.tab]);
      const units = await insertUnits(tx, copy.units);
      const order = [...dashboard.tabIds];
      const at = order.indexOf(tabId);
      order.splice(at < 0 ? order.length : at + 1, 0, tab.id);
      await updateDashboardRow(tx, dashboardId, { tabIds: order });
      return {
        dashboard: await presentDashboardById(tx, dashboardId),
        tab: presentTab(tab),
        units: units.map((u) => presentUnit(u, dashboardId)),
      };
    });
    this.announce(result.dashboard, result.tab);
    for (const unit of result.units) this.events.unitUpdated(result.dashboard.projectId, unit);
    return result;
  }

  /** Delete Tab: the tab and its cards go; the dashboard's order forgets it. */
  async delete(dashboardId: string, tabId: string, author: Author): Promise<{ dashboard: Dashboard }> {
    const dashboard = await this.history.transaction(dashboardId, author, async (tx) => {
      const current = await lockDashboard(tx, dashboardId);
      if (!current) throw notFound('dashboard.notFound');
      const tab = await findTab(tx, tabId);
      if (!tab || tab.dashboardId !== dashboardId) throw tabNotFound();
      await deleteTabRow(tx, tabId);
      await updateDashboardRow(tx, dashboardId, { tabIds: current.tabIds.filter((id) => id !== tabId) });
      return presentDashboardById(tx, dashboardId);
    });
    this.events.tabDeleted(dashboard.projectId, { _id: tabId, dashboardId });
    this.events.dashboardUpdated(dashboard);
    return { dashboard };
  }

  /**
   * Edit Tab (name, description), the grid layout (items of this tab's cards only; cards left out keep their
   * place) and the card order (a permutation of the tab's cards).
   */
  async update(
    id: string,
    input: { name?: string; description?: string; layout?: LayoutItem[]; units?: string[] },
    author: Author,
  ): Promise<Tab> {
    const found = await findTab(this.db, id);
    if (!found) throw tabNotFound();
    const tab = await this.history.transaction(found.dashboardId, author, async (tx) => {
      const current = await lockTab(tx, id);
      if (!current) throw tabNotFound();
      const change: TabChange = {};
      if (input.name !== undefined) change.name = input.name;
      if (input.description !== undefined) change.description = input.description;
      if (input.layout) {
        const problem = layoutProblem(input.layout, current.unitIds);
        if (problem) throw badRequest(problem, { layout: problem });
        change.layout = mergeLayout(current.layout, input.layout, current.unitIds);
      }
      if (input.units) {
        if (!isPermutation(current.unitIds, input.units)) {
          throw badRequest('tab.cardOrder', { units: 'tab.cardOrder' });
        }
        change.unitIds = input.units;
      }
      return presentTab((await updateTabRow(tx, id, change))!);
    });
    const dashboard = await findDashboard(this.db, tab.dashboardId);
    if (dashboard) this.events.tabUpdated(dashboard.projectId, tab);
    return tab;
  }

  private announce(dashboard: Dashboard, tab: Tab): void {
    this.events.tabUpdated(dashboard.projectId, tab);
    this.events.dashboardUpdated(dashboard);
  }
}
