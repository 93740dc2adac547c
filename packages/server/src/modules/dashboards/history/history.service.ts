import {
  type AppState,
  applyOps,
  conflictingPaths,
  type DashboardDetail,
  type DashboardVersion,
  diffStates,
  HISTORY_PAGE_SIZE,
  invertOps,
  layoutList,
  mergeOps,
  pathsOverlap,
  stateDifferences,
  type VersionDifference,
} from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import { HttpError, notFound } from '../../../platform/errors.ts';
import type { MailLanguage } from '../../../platform/mailLanguage.ts';
import type { DashboardsDeps } from '../dashboards.deps.ts';
import type { DashboardEvents } from '../dashboards.events.ts';
import { presentDashboardById } from '../dashboards.service.ts';
import { findDashboard } from '../dashboards.store.ts';
import { storedFilters } from '../filters/stored.ts';
import { type Card, savedFiltersOf } from '../units/unitData.service.ts';
import { announceOps } from './announce.ts';
import { cardsMissingData, readAppState, writeAppState } from './appState.io.ts';
import type { ChangeParams } from './changeParams.ts';
import {
  findVersion,
  findVersionListed,
  latestVersion,
  listVersions,
  markStep,
  nextSessionStep,
  type StepRow,
  sessionCounts,
  stepsAfter,
  stepsOfVersions,
  type VersionListRow,
  versionAuthors,
} from './history.store.ts';
import { someone, summary } from './history.texts.ts';
import { type Author, History, type RecordOptions, stateAt } from './recorder.ts';

const versionNotFound = () => notFound('history.versionNotFound');
const personOf = (u: { id: string; first: string; last: string }) => ({
  _id: u.id,
  name: { first: u.first, last: u.last },
});
const fullName = (u: { first: string | null; last: string | null }) => `${u.first ?? ''} ${u.last ?? ''}`.trim();

/** A data app's history: its versions, one version's app, restore, and undo / redo of a session's own steps. */
export class HistoryService {
  private readonly db: Db;
  readonly history: History;
  private readonly events: DashboardEvents;
  constructor(deps: DashboardsDeps) {
    this.db = deps.db;
    this.events = deps.events;
    this.history = new History(deps);
  }

  async list(dashboardId: string, query: { page: number; user?: string }, lang: MailLanguage) {
    const { rows, total } = await listVersions(this.db, dashboardId, {
      offset: (query.page - 1) * HISTORY_PAGE_SIZE,
      limit: HISTORY_PAGE_SIZE,
      userId: query.user,
    });
    const steps = await stepsOfVersions(
      this.db,
      rows.map((r) => r.row.id),
    );
    const people = (await versionAuthors(this.db, dashboardId)).map(personOf);
    return { versions: rows.map((r) => this.present(r, steps, lang)), total, people };
  }

  /** The app as the version left it, with today's differences and its cards whose dataset is gone. */
  async show(dashboardId: string, versionId: string, lang: MailLanguage) {
    const row = await findVersion(this.db, dashboardId, versionId);
    if (!row) throw versionNotFound();
    const then = await stateAt(this.db, dashboardId, row.number);
    const now = await readAppState(this.db, dashboardId);
    if (!then || !now) throw versionNotFound();
    const version = await this.presentById(dashboardId, row.id, lang);
    return {
      ...(await this.detailOf(dashboardId, then)),
      version,
      differences: differences(then, now),
      missingCards: await cardsMissingData(this.db, then),
    };
  }

  /** Restore: the app becomes what the version left, as a new version (nothing before it is rewritten). */
  async restore(dashboardId: string, versionId: string, author: Author, lang: MailLanguage) {
    const row = await findVersion(this.db, dashboardId, versionId);
    if (!row) throw versionNotFound();
    const target = await stateAt(this.db, dashboardId, row.number);
    if (!target) throw versionNotFound();
    const params: ChangeParams = { number: row.number };
    const recorded = await this.db.transaction((tx) =>
      this.history.record(tx, dashboardId, author, (current) => writeAppState(tx, dashboardId, current, target), {
        kind: 'restored',
        params,
      }),
    );
    if (recorded.ops.length) await announceOps(this.events, this.db, dashboardId, recorded.ops, recorded.before);
    const latest = recorded.stepId ? await latestVersion(this.db, dashboardId) : undefined;
    return {
      version: latest ? await this.presentById(dashboardId, latest.id, lang) : null,
      missingCards: await cardsMissingData(this.db, target),
    };
  }

  /** A card as the version left it, with its saved filters then, as a card data request computes it. */
  async versionCard(
    dashboardId: string,
    versionId: string,
    unitId: string,
    project: { dataVersion: number; roles: { dataset: string } },
  ): Promise<Card> {
    const row = await findVersion(this.db, dashboardId, versionId);
    if (!row) throw versionNotFound();
    const state = await stateAt(this.db, dashboardId, row.number);
    const unit = state?.units[unitId];
    const dashboard = await findDashboard(this.db, dashboardId);
    if (!state || !unit || !dashboard) throw notFound('card.notFound');
    return {
      publishedOnly: project.roles.dataset === 'hidden',
      id: unitId,
      name: unit.name,
      tabId: unit.tabId,
      dashboardId,
      dashboardVersion: dashboard.contentVersion,
      projectId: dashboard.projectId,
      dataVersion: project.dataVersion,
      type: unit.type,
      subtype: unit.subtype,
      vis: unit.vis,
      savedFilters: savedFiltersOf(state.dashboard.filters, state.tabs[unit.tabId]?.filters ?? []),
    };
  }

  counts(dashboardId: string, author: Author & { session: string }) {
    return sessionCounts(this.db, { dashboardId, userId: author.userId, session: author.session });
  }

  /**
   * Undo (the session's newest step, inverted) or redo (its oldest undone one, again). Refused when a value the
   * step would write back is no longer what the step left: someone changed it since.
   */
  async step(dashboardId: string, author: Author & { session: string }, direction: 'undo' | 'redo') {
    const where = { dashboardId, userId: author.userId, session: author.session };
    const options: RecordOptions = { role: direction };
    const recorded = await this.db.transaction((tx) =>
      this.history.record(
        tx,
        dashboardId,
        author,
        async (current) => {
          const step = await nextSessionStep(tx, where, direction);
          if (!step) {
            throw new HttpError('conflict', direction === 'undo' ? 'history.nothingToUndo' : 'history.nothingToRedo');
          }
          const ops = direction === 'undo' ? invertOps(step.ops) : step.ops;
          const conflicts = conflictingPaths(current, ops);
          if (conflicts.length) throw await this.conflict(tx, step, author, conflicts, direction);
          await writeAppState(tx, dashboardId, current, applyOps(current, ops));
          await markStep(tx, step.id, direction === 'undo' ? 1 : 0);
          options.reverts = step.id;
        },
        options,
      ),
    );
    if (recorded.ops.length) await announceOps(this.events, this.db, dashboardId, recorded.ops, recorded.before);
    return this.counts(dashboardId, author);
  }

  /** "This can no longer be undone: Bob Martin has changed it since." */
  private async conflict(tx: Db, step: StepRow, author: Author, paths: string[][], direction: 'undo' | 'redo') {
    const later = await stepsAfter(tx, step.dashboardId, step.seq);
    const by = later.find(
      ({ row }) =>
        (row.userId !== author.userId || row.session !== author.session) &&
        row.ops.some((op) => paths.some((p) => pathsOverlap(p, op.path))),
    );
    const name = (by && fullName(by)) || someone('en');
    return new HttpError('conflict', {
      code: direction === 'undo' ? 'history.undoConflict' : 'history.redoConflict',
      params: { name },
    });
  }

  private async detailOf(dashboardId: string, state: AppState): Promise<DashboardDetail> {
    const current = await presentDashboardById(this.db, dashboardId);
    const d = state.dashboard;
    return {
      dashboard: {
        ...current,
        name: d.name,
        description: d.description,
        display: d.display as typeof current.display,
        colors: d.colors as typeof current.colors,
        filters: storedFilters(d.filters),
        tabs: d.tabIds.filter((id) => state.tabs[id]),
      },
      tabs: d.tabIds.flatMap((id) => {
        const tab = state.tabs[id];
        return tab
          ? [
              {
                _id: id,
                dashboardId,
                name: tab.name,
                description: tab.description,
                units: tab.unitIds,
                layout: layoutList(tab),
                filters: storedFilters(tab.filters),
              },
            ]
          : [];
      }),
      units: Object.entries(state.units).map(([id, u]) => ({ _id: id, dashboardId, ...u })),
    };
  }

  private async presentById(dashboardId: string, versionId: string, lang: MailLanguage) {
    const listed = await findVersionListed(this.db, dashboardId, versionId);
    if (!listed) throw versionNotFound();
    return this.present(listed, await stepsOfVersions(this.db, [versionId]), lang);
  }

  private present({ row, user }: VersionListRow, steps: StepRow[], lang: MailLanguage): DashboardVersion {
    return {
      _id: row.id,
      number: row.number,
      user: user ? personOf(user) : null,
      time: row.timeUpdated.toISOString(),
      kind: row.kind,
      summary: summary(lang, user ? fullName(user) : null, row.kind, row.params as ChangeParams),
      changes: mergeOps(steps.filter((s) => s.versionId === row.id).map((s) => s.ops)),
    };
  }
}

/** Today's differences from the version's app, named by today's name (or the version's for a removed one). */
function differences(then: AppState, now: AppState): VersionDifference[] {
  return stateDifferences(diffStates(then, now)).map((d) => {
    const name =
      d.type === 'dashboard'
        ? now.dashboard.name
        : d.type === 'tab'
          ? (now.tabs[d._id] ?? then.tabs[d._id])?.name
          : (now.units[d._id] ?? then.units[d._id])?.name;
    return { ...d, name: name ?? '' };
  });
}
