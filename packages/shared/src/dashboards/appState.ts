import type { DashboardDetail, Tab, Unit } from './entities.ts';
import type { LayoutItem } from './layout.ts';

/**
 * A data app's whole editable state as its history reads it (docs/data-apps.md "History"): the dashboard's
 * settings, its tabs and its cards keyed by id, and each tab's layout keyed by card. Keyed records (not arrays)
 * make a change one path: moving a card changes `tabs.<tab>.layout.<card>`, not the whole layout.
 */
export interface AppState {
  dashboard: {
    name: string;
    description: string;
    display: unknown;
    colors: unknown;
    filters: unknown[];
    tabIds: string[];
  };
  tabs: Record<string, TabState>;
  units: Record<string, UnitState>;
}
export interface TabState {
  name: string;
  description: string;
  unitIds: string[];
  layout: Record<string, Omit<LayoutItem, 'i'>>;
  filters: unknown[];
}
export interface UnitState {
  tabId: string;
  type: Unit['type'];
  subtype: Unit['subtype'];
  name: string;
  description: string;
  vis: Record<string, unknown>;
}

/**
 * One change at one path: `before` absent means the path was added, `after` absent that it was removed.
 * Objects are walked into; arrays and scalars are values.
 */
export interface StateOp {
  path: string[];
  before?: unknown;
  after?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality of JSON values (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a).filter((k) => a[k] !== undefined);
    const other = Object.keys(b).filter((k) => b[k] !== undefined);
    return keys.length === other.length && keys.every((k) => sameValue(a[k], b[k]));
  }
  return false;
}

/** The ops that turn `before` into `after`, in key order (objects are walked into, the rest compared whole). */
export function diffValues(before: unknown, after: unknown, path: string[] = []): StateOp[] {
  if (sameValue(before, after)) return [];
  if (isRecord(before) && isRecord(after) && path.length < 8) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => diffValues(before[k], after[k], [...path, k]));
  }
  const op: StateOp = { path };
  if (before !== undefined) op.before = before;
  if (after !== undefined) op.after = after;
  return [op];
}

export const diffStates = (before: AppState, after: AppState): StateOp[] => diffValues(before, after);

/** The value at a path (undefined where nothing is). */
export function valueAt(state: unknown, path: readonly string[]): unknown {
  let at: unknown = state;
  for (const key of path) {
    if (!isRecord(at)) return undefined;
    at = at[key];
  }
  return at;
}

/** A copy of `state` with the ops applied forward (each path set to its `after`, or removed). */
export function applyOps<S>(state: S, ops: readonly StateOp[]): S {
  const next = structuredClone(state) as unknown as Record<string, unknown>;
  for (const op of ops) {
    let at = next;
    for (const key of op.path.slice(0, -1)) {
      if (!isRecord(at[key])) at[key] = {};
      at = at[key] as Record<string, unknown>;
    }
    const last = op.path[op.path.length - 1];
    if (op.after === undefined) delete at[last];
    else at[last] = structuredClone(op.after);
  }
  return next as unknown as S;
}

/** The ops that undo `ops` (in reverse order, before and after swapped). */
export function invertOps(ops: readonly StateOp[]): StateOp[] {
  return [...ops].reverse().map(({ path, before, after }) => {
    const op: StateOp = { path };
    if (after !== undefined) op.before = after;
    if (before !== undefined) op.after = before;
    return op;
  });
}

/** The paths among `ops` whose value in `state` is no longer what the ops expect (`before`). */
export function conflictingPaths(state: AppState, ops: readonly StateOp[]): string[][] {
  return ops.filter((op) => !sameValue(valueAt(state, op.path), op.before)).map((op) => op.path);
}

/**
 * Several successive steps as one change: per path, the first `before` and the last `after`; paths that end
 * where they began drop out. A path inside another one's value (or holding it) is kept apart, in order.
 */
export function mergeOps(steps: readonly (readonly StateOp[])[]): StateOp[] {
  const byPath = new Map<string, StateOp>();
  for (const op of steps.flat()) {
    const key = JSON.stringify(op.path);
    const seen = byPath.get(key);
    if (!seen) {
      byPath.set(key, { ...op });
      continue;
    }
    const merged: StateOp = { path: op.path };
    if (seen.before !== undefined) merged.before = seen.before;
    if (op.after !== undefined) merged.after = op.after;
    byPath.delete(key);
    byPath.set(key, merged);
  }
  return [...byPath.values()].filter((op) => !sameValue(op.before, op.after));
}

/** Whether two paths touch the same value (one equals or contains the other). */
export function pathsOverlap(a: readonly string[], b: readonly string[]): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The history's state of a loaded data app (its detail). */
export function appStateOf(detail: Pick<DashboardDetail, 'dashboard' | 'tabs' | 'units'>): AppState {
  const { dashboard } = detail;
  return {
    dashboard: {
      name: dashboard.name,
      description: dashboard.description,
      display: dashboard.display,
      colors: dashboard.colors,
      filters: dashboard.filters,
      tabIds: dashboard.tabs,
    },
    tabs: Object.fromEntries(detail.tabs.map((tab) => [tab._id, tabState(tab)])),
    units: Object.fromEntries(
      detail.units.map((u) => [
        u._id,
        { tabId: u.tabId, type: u.type, subtype: u.subtype, name: u.name, description: u.description, vis: u.vis },
      ]),
    ),
  };
}

export function tabState(tab: Pick<Tab, 'name' | 'description' | 'units' | 'layout' | 'filters'>): TabState {
  return {
    name: tab.name,
    description: tab.description,
    unitIds: tab.units,
    layout: Object.fromEntries(tab.layout.map(({ i, ...box }) => [i, box])),
    filters: tab.filters,
  };
}

/** A tab's layout as the API stores it: its cards' boxes in the card order, then any other box. */
export function layoutList(tab: Pick<TabState, 'unitIds' | 'layout'>): LayoutItem[] {
  const ids = [...tab.unitIds.filter((id) => tab.layout[id]), ...Object.keys(tab.layout)];
  return [...new Set(ids)].map((i) => ({ i, ...tab.layout[i] }));
}
