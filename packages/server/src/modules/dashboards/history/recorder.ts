import {
  type AppState,
  applyOps,
  type ChangeDescription,
  type ChangeKind,
  describeChange,
  diffStates,
  mergeOps,
  type StateOp,
} from '@tessera/shared';
import type { Db } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { notFound } from '../../../platform/errors.ts';
import { newId } from '../../../platform/ids.ts';
import { lockDashboard } from '../dashboards.store.ts';
import { readAppState } from './appState.io.ts';
import { type ChangeParams, changeParams } from './changeParams.ts';
import {
  dropRedoable,
  insertStep,
  insertVersion,
  lastSeq,
  latestVersion,
  opsBetween,
  snapshotAtOrBefore,
  stepsOfVersions,
  updateVersion,
  type VersionRow,
} from './history.store.ts';

/** Who makes a change: the person, and the editing session (a browser tab) whose undo stack it joins. */
export interface Author {
  userId: string;
  session: string | null;
}

/** Every this many versions, one keeps the whole app as it was before it (rebuilding reads at most as many). */
export const SNAPSHOT_EVERY = 100;

export interface RecordOptions {
  role?: 'edit' | 'undo' | 'redo';
  /** The step an undo or redo reverses. */
  reverts?: string;
  /** A change named by what it was (a restore), not by what it did. */
  kind?: ChangeKind;
  params?: ChangeParams;
}

export interface Recorded<T> {
  result: T;
  ops: StateOp[];
  before: AppState;
  after: AppState;
  stepId: string | null;
}

/**
 * The history's recorder (docs/data-apps.md "History"). Every change to a data app runs inside `record`: it
 * locks the dashboard row (first, so that every change of one app is serialized and sees only itself), reads
 * the app, makes the change, reads it again and keeps the difference as a step of a version, all in the
 * caller's transaction.
 */
export class History {
  constructor(private readonly deps: Pick<AppContext, 'db' | 'config'>) {}

  async record<T>(
    tx: Db,
    dashboardId: string,
    author: Author,
    change: (before: AppState) => Promise<T>,
    options: RecordOptions = {},
  ): Promise<Recorded<T>> {
    if (!(await lockDashboard(tx, dashboardId))) throw notFound('dashboard.notFound');
    const before = (await readAppState(tx, dashboardId))!;
    const result = await change(before);
    const after = await readAppState(tx, dashboardId);
    if (!after) return { result, ops: [], before, after: before, stepId: null };
    const ops = diffStates(before, after);
    if (!ops.length) return { result, ops, before, after, stepId: null };
    const stepId = await this.keep(tx, dashboardId, author, ops, before, after, options);
    return { result, ops, before, after, stepId };
  }

  /** `change` in a transaction of its own, recorded. */
  async transaction<T>(dashboardId: string, author: Author, change: (tx: Db) => Promise<T>): Promise<T> {
    const recorded = await this.deps.db.transaction((tx) => this.record(tx, dashboardId, author, () => change(tx)));
    return recorded.result;
  }

  /** Version 1 of a new data app: "created", keeping the app as it starts. */
  async created(tx: Db, dashboardId: string, userId: string): Promise<void> {
    const state = (await readAppState(tx, dashboardId))!;
    await insertVersion(tx, {
      id: newId(),
      dashboardId,
      number: 1,
      userId,
      kind: 'created',
      params: { name: state.dashboard.name },
      snapshot: state,
    });
  }

  private async keep(
    tx: Db,
    dashboardId: string,
    author: Author,
    ops: StateOp[],
    before: AppState,
    after: AppState,
    options: RecordOptions,
  ): Promise<string> {
    const role = options.role ?? 'edit';
    const description: ChangeDescription = options.kind
      ? { kind: options.kind, target: { type: 'dashboard', id: '' }, others: 0, more: false }
      : (describeChange(ops) ?? { kind: 'settings', target: { type: 'dashboard', id: '' }, others: 0, more: false });
    const last = await latestVersion(tx, dashboardId);
    const now = new Date();
    let version: VersionRow;
    if (last && role === 'edit' && !options.kind && this.foldsInto(last, author, description, now)) {
      const steps = await stepsOfVersions(tx, [last.id]);
      const merged = mergeOps([...steps.map((s) => s.ops), ops]);
      const params = await changeParams(tx, { ...description, ...widest(last, description) }, merged, after);
      await updateVersion(tx, last.id, { params: { ...params }, timeUpdated: now });
      version = last;
    } else {
      const number = (last?.number ?? 0) + 1;
      const params = options.params ?? (await changeParams(tx, description, ops, after));
      version = await insertVersion(tx, {
        id: newId(),
        dashboardId,
        number,
        userId: author.userId,
        kind: description.kind,
        targetId: description.target.id,
        params: { ...params },
        snapshot: number % SNAPSHOT_EVERY === 1 || !last ? before : null,
        timeCreated: now,
        timeUpdated: now,
      });
    }
    const step = await insertStep(tx, {
      id: newId(),
      dashboardId,
      versionId: version.id,
      seq: (await lastSeq(tx, dashboardId)) + 1,
      userId: author.userId,
      session: author.session,
      role,
      reverts: options.reverts ?? null,
      ops,
      timeCreated: now,
    });
    if (role === 'edit' && author.session) {
      await dropRedoable(tx, { dashboardId, userId: author.userId, session: author.session });
    }
    return step.id;
  }

  /** One person's change of the same kind to the same object, soon after: the same version. */
  private foldsInto(last: VersionRow, author: Author, description: ChangeDescription, now: Date): boolean {
    const windowMs = this.deps.config.DATA_APP_HISTORY_COALESCE_SECONDS * 1000;
    return (
      last.userId === author.userId &&
      last.kind === description.kind &&
      last.targetId === description.target.id &&
      !last.kind.match(/Added|Deleted|created|restored/) &&
      now.getTime() - last.timeUpdated.getTime() <= windowMs
    );
  }
}

/** A fold keeps the widest count of other objects seen. */
const widest = (last: VersionRow, description: ChangeDescription) => ({
  others: Math.max(description.others, Number((last.params as ChangeParams).others ?? 0)),
});

/** The app as it was after version `number`: its nearest snapshot, then every step since, in order. */
export async function stateAt(db: Db, dashboardId: string, number: number): Promise<AppState | undefined> {
  const start = await snapshotAtOrBefore(db, dashboardId, number);
  if (!start?.snapshot) return undefined;
  const steps = await opsBetween(db, dashboardId, start.number, number);
  return steps.reduce((state, ops) => applyOps(state, ops), start.snapshot);
}

/** The app as it was just before version `number`. */
export async function stateBefore(db: Db, dashboardId: string, number: number): Promise<AppState> {
  const start = await snapshotAtOrBefore(db, dashboardId, number);
  if (!start?.snapshot) throw new Error(`no snapshot before version ${number} of ${dashboardId}`);
  const steps = await opsBetween(db, dashboardId, start.number, number - 1);
  return steps.reduce((state, ops) => applyOps(state, ops), start.snapshot);
}
