import {
  type api,
  type DashboardFilter,
  FILTER_LIMITS,
  type NewDashboardFilter,
  newFilterSchema,
  type ServerMessage,
} from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import { badRequest, issueMessage, notFound } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { findFeatureProject } from '../../datasets/index.ts';
import type { DashboardsDeps } from '../dashboards.deps.ts';
import type { DashboardEvents } from '../dashboards.events.ts';
import { presentDashboardById } from '../dashboards.service.ts';
import { findDashboard, lockDashboard } from '../dashboards.store.ts';
import { type Author, History } from '../history/recorder.ts';
import { presentTab } from '../tabs/tabs.presenter.ts';
import { findTab, lockTab } from '../tabs/tabs.store.ts';
import { type FilterOwner, findFilterOwner, setDashboardFilters, setTabFilters } from './filters.store.ts';
import { storedFilters } from './stored.ts';

/**
 * Saved filters of a dashboard (every tab) and of a tab. A filter is saved as the menu made
 * it, complete or not (only valid ones apply to cards); its feature must be of the dashboard's project. Every
 * change answers the whole list it changed, and the owner's live event (`dashboard:updated` / `tab:updated`,
 * both carrying `filters`) lets other viewers follow.
 */
export const TOO_MANY_FILTERS: ServerMessage = { code: 'filter.tooMany', params: { count: FILTER_LIMITS.perList } };
const filterNotFound = () => notFound('filter.notFound');

type FilterList = api.FilterList;
type Kind = FilterOwner['kind'];
type OwnerRef = { kind: Kind; id: string };
interface Locked {
  tx: Db;
  dashboardId: string;
  projectId: string;
  filters: DashboardFilter[];
}

export class FiltersService {
  private readonly db: Db;
  private readonly history: History;
  private readonly events: DashboardEvents;
  constructor(deps: DashboardsDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.history = new History(deps);
  }

  async add(
    owner: OwnerRef,
    input: NewDashboardFilter,
    author: Author,
  ): Promise<FilterList & { filter: DashboardFilter }> {
    const filter: DashboardFilter = { ...input, _id: newId() };
    const list = await this.change(
      owner,
      async (current) => {
        await this.checkFeature(current.tx, filter, current.projectId);
        if (current.filters.length >= FILTER_LIMITS.perList) throw badRequest(TOO_MANY_FILTERS);
        return [...current.filters, filter];
      },
      author,
    );
    return { ...list, filter };
  }

  clear(owner: OwnerRef, author: Author): Promise<FilterList> {
    return this.change(owner, async () => [], author);
  }

  async update(
    filterId: string,
    patch: Partial<NewDashboardFilter>,
    author: Author,
  ): Promise<FilterList & { filter: DashboardFilter }> {
    const owner = await findFilterOwner(this.db, filterId);
    if (!owner) throw filterNotFound();
    let filter: DashboardFilter | undefined;
    const list = await this.change(
      owner,
      async (current) => {
        const at = current.filters.findIndex((f) => f._id === filterId);
        if (at < 0) throw filterNotFound();
        const { _id, valid: _valid, ...rest } = current.filters[at];
        const merged = newFilterSchema.safeParse({ ...rest, ...patch });
        if (!merged.success) {
          const fields = Object.fromEntries(
            merged.error.issues.map((i) => [i.path.join('.') || 'body', issueMessage(i)]),
          );
          throw badRequest('generic.invalid', fields);
        }
        filter = { ...merged.data, _id };
        if (patch.feature) await this.checkFeature(current.tx, filter, current.projectId);
        return current.filters.map((f, i) => (i === at ? filter! : f));
      },
      author,
    );
    return { ...list, filter: filter! };
  }

  async delete(filterId: string, author: Author): Promise<FilterList> {
    const owner = await findFilterOwner(this.db, filterId);
    if (!owner) throw filterNotFound();
    return this.change(
      owner,
      async (current) => {
        if (!current.filters.some((f) => f._id === filterId)) throw filterNotFound();
        return current.filters.filter((f) => f._id !== filterId);
      },
      author,
    );
  }

  /** Rewrites the owner's list under its row lock, then tells the project's viewers. */
  private async change(
    owner: OwnerRef,
    next: (current: Locked) => Promise<DashboardFilter[]>,
    author: Author,
  ): Promise<FilterList> {
    const dashboardId = owner.kind === 'dashboard' ? owner.id : (await findTab(this.db, owner.id))?.dashboardId;
    if (!dashboardId) throw notFound(owner.kind === 'dashboard' ? 'dashboard.notFound' : 'tab.notFound');
    const result = await this.history.transaction(dashboardId, author, async (tx) => {
      const current = await this.lock(tx, owner);
      const filters = await next(current);
      if (owner.kind === 'dashboard') await setDashboardFilters(tx, owner.id, filters);
      else await setTabFilters(tx, owner.id, filters);
      return { dashboardId: current.dashboardId, projectId: current.projectId, filters };
    });
    await this.announce(owner, result.projectId);
    return { owner: { kind: owner.kind, _id: owner.id }, dashboardId: result.dashboardId, filters: result.filters };
  }

  private async lock(tx: Db, owner: OwnerRef): Promise<Locked> {
    if (owner.kind === 'dashboard') {
      const row = await lockDashboard(tx, owner.id);
      if (!row) throw notFound('dashboard.notFound');
      return { tx, dashboardId: row.id, projectId: row.projectId, filters: storedFilters(row.filters) };
    }
    const tab = await lockTab(tx, owner.id);
    if (!tab) throw notFound('tab.notFound');
    // Not locked: the tab's lock serializes its filters, and locking both here could deadlock with a tab's deletion.
    const dashboard = await findDashboard(tx, tab.dashboardId);
    if (!dashboard) throw notFound('tab.notFound');
    return { tx, dashboardId: dashboard.id, projectId: dashboard.projectId, filters: storedFilters(tab.filters) };
  }

  /** Within the transaction (`tx`): PGlite has one connection, a query outside would wait for it forever. */
  private async checkFeature(tx: Db, filter: DashboardFilter, projectId: string): Promise<void> {
    if ((await findFeatureProject(tx, filter.feature.id)) !== projectId) {
      throw badRequest('filter.featureNotInProject', { feature: 'filter.featureNotInProject' });
    }
  }

  private async announce(owner: OwnerRef, projectId: string): Promise<void> {
    if (owner.kind === 'dashboard') {
      this.events.dashboardUpdated(await presentDashboardById(this.db, owner.id));
      return;
    }
    const tab = await findTab(this.db, owner.id);
    if (tab) this.events.tabUpdated(projectId, presentTab(tab));
  }
}
