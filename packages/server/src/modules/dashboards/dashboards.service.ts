import {
  DASHBOARD_LIMITS,
  type Dashboard,
  type DashboardColors,
  type DashboardDetail,
  type DashboardType,
  DEFAULT_COLOR_SCHEME,
  isPermutation,
  type ServerMessage,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import { copyFilters, copyName, copyTab } from './copy.ts';
import type { DashboardsDeps } from './dashboards.deps.ts';
import { presentDashboard } from './dashboards.presenter.ts';
import {
  type DashboardChange,
  deleteDashboardRow,
  findDashboard,
  findDashboardFacts,
  insertDashboard,
  listDashboardFacts,
  lockDashboard,
  updateDashboardRow,
} from './dashboards.store.ts';
import { type Author, History } from './history/recorder.ts';
import { presentTab } from './tabs/tabs.presenter.ts';
import { insertTabs, listTabsInOrder } from './tabs/tabs.store.ts';
import { presentUnit } from './units/units.presenter.ts';
import { insertUnits, listUnitsOfTabs } from './units/units.store.ts';

type Caller = AuthUser['user'];

/** The dashboard as the API presents it; 404 when it is gone. */
export async function presentDashboardById(db: Db, id: string): Promise<Dashboard> {
  const facts = await findDashboardFacts(db, id);
  if (!facts) throw notFound('dashboard.notFound');
  return presentDashboard(facts);
}

/** Starts (re-)rendering a dashboard's image; never waits for the render. */
export interface PreviewRequester {
  request(dashboardId: string, options?: { force?: boolean; userId?: string | null }): Promise<unknown>;
}

const TOO_MANY_COLORS: ServerMessage = {
  code: 'dashboard.tooManyColors',
  params: { count: DASHBOARD_LIMITS.featureColorsMax },
};
/**
 * The first tab's (section's) name when the creator gives none, in the language of their request (the web app
 * names it itself, from its translations: these are the same words).
 */
const FIRST_TAB_NAME: Record<MailLanguage, Record<DashboardType, string>> = {
  en: { Dashboard: 'Tab 1', Report: 'Section 1' },
  fr: { Dashboard: 'Onglet 1', Report: 'Section 1' },
};

export interface DashboardUpdate {
  name?: string;
  description?: string;
  display?: {
    hide?: { hideCommandBar?: boolean; hideDashboardColors?: boolean; hideFilters?: boolean };
    crossFilters?: boolean;
  };
  colors?: { colorScheme?: DashboardColors['colorScheme']; features?: Record<string, string | null> };
  tabs?: string[];
}

/** Dashboards and reports: list, create, show, settings, colours, tab order, delete, duplicate. */
export class DashboardsService {
  private readonly db: Db;
  private readonly history: History;
  constructor(
    private readonly deps: DashboardsDeps,
    private readonly previews: PreviewRequester,
  ) {
    this.db = deps.db;
    this.history = new History(deps);
  }

  async list(projectId: string): Promise<Dashboard[]> {
    return (await listDashboardFacts(this.db, projectId)).map(presentDashboard);
  }

  present(id: string, db: Db = this.db): Promise<Dashboard> {
    return presentDashboardById(db, id);
  }

  /** A new dashboard starts with one tab (section), so that it opens on a tab; its image is rendered soon after. */
  async create(
    user: Caller,
    input: { projectId: string; name: string; description: string; type: DashboardType; tabName?: string },
    language: MailLanguage = 'en',
  ): Promise<Dashboard> {
    const id = newId();
    const tabId = newId();
    const dashboard = await this.db.transaction(async (tx) => {
      await insertDashboard(tx, {
        id,
        projectId: input.projectId,
        name: input.name,
        description: input.description,
        type: input.type,
        tabIds: [tabId],
        colors: { colorScheme: DEFAULT_COLOR_SCHEME, features: {} },
        display: { hide: { hideCommandBar: false, hideDashboardColors: false, hideFilters: false } },
        userId: user.id,
      });
      await insertTabs(tx, [
        { id: tabId, dashboardId: id, name: input.tabName ?? FIRST_TAB_NAME[language][input.type] },
      ]);
      await this.history.created(tx, id, user.id);
      return this.present(id, tx);
    });
    this.deps.events.dashboardUpdated(dashboard, { content: false });
    return this.afterPreviewRequest(dashboard, user);
  }

  async detail(id: string): Promise<DashboardDetail> {
    const dashboard = await this.present(id);
    const tabRows = await listTabsInOrder(this.db, dashboard.tabs);
    const unitRows = await listUnitsOfTabs(
      this.db,
      tabRows.map((t) => t.id),
    );
    return { dashboard, tabs: tabRows.map(presentTab), units: unitRows.map((u) => presentUnit(u, id)) };
  }

  async update(id: string, input: DashboardUpdate, author: Author): Promise<Dashboard> {
    const dashboard = await this.db.transaction(async (tx) => {
      await this.history.record(tx, id, author, () => this.change(tx, id, input));
      return this.present(id, tx);
    });
    this.deps.events.dashboardUpdated(dashboard);
    return dashboard;
  }

  private async change(tx: Db, id: string, input: DashboardUpdate): Promise<void> {
    const current = await lockDashboard(tx, id);
    if (!current) throw notFound('dashboard.notFound');
    const change: DashboardChange = {};
    if (input.name !== undefined) change.name = input.name;
    if (input.description !== undefined) change.description = input.description;
    if (input.display) {
      const crossFilters = input.display.crossFilters ?? current.display.crossFilters;
      change.display = {
        hide: { ...current.display.hide, ...input.display.hide },
        ...(crossFilters === undefined ? {} : { crossFilters }),
      };
    }
    if (input.colors) {
      const features = { ...current.colors.features };
      // A patch: each given feature's colour is set (null removes it), the others stay, so that two editors
      // colouring different features do not undo each other.
      for (const [featureId, color] of Object.entries(input.colors.features ?? {})) {
        if (color === null) delete features[featureId];
        else features[featureId] = color;
      }
      if (Object.keys(features).length > DASHBOARD_LIMITS.featureColorsMax) {
        throw badRequest(TOO_MANY_COLORS, { 'colors.features': TOO_MANY_COLORS });
      }
      change.colors = { colorScheme: input.colors.colorScheme ?? current.colors.colorScheme, features };
    }
    if (input.tabs) {
      if (!isPermutation(current.tabIds, input.tabs)) {
        throw badRequest('dashboard.tabOrder', { tabs: 'dashboard.tabOrder' });
      }
      change.tabIds = input.tabs;
    }
    await updateDashboardRow(tx, id, change);
  }

  /** Deletes the dashboard with its tabs and cards; `afterDelete` removes its image file. */
  async delete(id: string, afterDelete?: (id: string) => Promise<void>): Promise<void> {
    const row = await findDashboard(this.db, id);
    if (!row || !(await deleteDashboardRow(this.db, id))) throw notFound('dashboard.notFound');
    await afterDelete?.(id);
    this.deps.events.dashboardDeleted(row.projectId, id);
  }

  /** Duplicate Dashboard: a deep copy in the same project, created by the caller, with its own image. */
  async duplicate(user: Caller, id: string, name?: string, language: MailLanguage = 'en'): Promise<Dashboard> {
    const copyId = newId();
    const dashboard = await this.db.transaction(async (tx) => {
      const source = await lockDashboard(tx, id);
      if (!source) throw notFound('dashboard.notFound');
      const tabRows = await listTabsInOrder(tx, source.tabIds);
      const unitRows = await listUnitsOfTabs(
        tx,
        tabRows.map((t) => t.id),
      );
      const copies = tabRows.map((tab) =>
        copyTab(
          tab,
          unitRows.filter((u) => u.tabId === tab.id),
          copyId,
        ),
      );
      await insertDashboard(tx, {
        id: copyId,
        projectId: source.projectId,
        name: name ?? copyName(source.name, language),
        description: source.description,
        type: source.type,
        tabIds: copies.map((c) => c.tab.id!),
        colors: structuredClone(source.colors),
        display: structuredClone(source.display),
        filters: copyFilters(source.filters),
        userId: user.id,
      });
      await insertTabs(
        tx,
        copies.map((c) => c.tab),
      );
      await insertUnits(
        tx,
        copies.flatMap((c) => c.units),
      );
      await this.history.created(tx, copyId, user.id);
      return this.present(copyId, tx);
    });
    this.deps.events.dashboardUpdated(dashboard, { content: false });
    return this.afterPreviewRequest(dashboard, user);
  }

  /** Asks for the image of a new dashboard; a refused request (no job platform) leaves the status as it was. */
  private async afterPreviewRequest(dashboard: Dashboard, user: Caller): Promise<Dashboard> {
    try {
      await this.previews.request(dashboard._id, { userId: user.id });
    } catch (err) {
      this.deps.log.error({ err, dashboardId: dashboard._id }, 'could not request a dashboard preview');
      return dashboard;
    }
    return this.present(dashboard._id);
  }
}
