import type { StateOp } from './appState.ts';

/**
 * What a saved change to a data app did, read from its ops (docs/data-apps.md "History"): the kind, the object
 * it did it to, how many other objects it did the same to, and whether it did other things besides. The
 * history's summary is written from it ("Alice moved 'Rain by month'"), and one person's changes of the same
 * kind on the same object within a short while are kept as one version.
 */
export const CHANGE_KINDS = [
  'created',
  'restored',
  'renamed',
  'settings',
  'modelBar',
  'colors',
  'filters',
  'tabsReordered',
  'tabAdded',
  'tabDeleted',
  'tabRenamed',
  'tabFilters',
  'cardsReordered',
  'cardAdded',
  'cardDeleted',
  'cardMoved',
  'cardResized',
  'cardMapping',
  'cardDisplay',
  'cardFilters',
  'cardRenamed',
  'cardType',
] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export type ChangeTarget = { type: 'dashboard' | 'tab' | 'card'; id: string };

export interface ChangeDescription {
  kind: ChangeKind;
  target: ChangeTarget;
  /** Other objects the same was done to (a move that pushed two other cards down: 2). */
  others: number;
  /** Whether the change did something of another kind too. */
  more: boolean;
}

// The first kind in this order is the one the summary names (adding a card also changes its tab's order).
const PRIORITY: readonly ChangeKind[] = [
  'tabAdded',
  'tabDeleted',
  'cardAdded',
  'cardDeleted',
  'cardResized',
  'cardMoved',
  'cardMapping',
  'cardDisplay',
  'cardFilters',
  'cardType',
  'cardRenamed',
  'cardsReordered',
  'tabRenamed',
  'tabFilters',
  'tabsReordered',
  'renamed',
  'settings',
  'modelBar',
  'colors',
  'filters',
];

const CARD_DISPLAY_KEYS = new Set(['display', 'colors', 'chartType']);

export interface Fact {
  kind: ChangeKind;
  target: ChangeTarget;
  /** For a card's box: the field that changed (x, y, w, h). */
  field?: string;
}

/** An order that lists the same ids (a new or removed card or tab explains any other change of it). */
function reordered(op: StateOp): boolean {
  const [a, b] = [op.before, op.after];
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  const left = new Set(a);
  return b.every((id) => left.has(id));
}

/** The fact one op states, or null for one that only follows another (a new card's place in its tab). */
export function factOf(op: StateOp): Fact | null {
  const [area, id, field, sub, leaf] = op.path;
  const added = op.before === undefined;
  const removed = op.after === undefined;
  if (area === 'units' && id) {
    const card = { type: 'card', id } as const;
    if (!field) return { kind: added ? 'cardAdded' : removed ? 'cardDeleted' : 'cardMapping', target: card };
    if (field === 'name' || field === 'description') return { kind: 'cardRenamed', target: card };
    if (field === 'type' || field === 'subtype') return { kind: 'cardType', target: card };
    if (field === 'vis') {
      if (sub === 'filters') return { kind: 'cardFilters', target: card };
      return { kind: sub && CARD_DISPLAY_KEYS.has(sub) ? 'cardDisplay' : 'cardMapping', target: card };
    }
    return null;
  }
  if (area === 'tabs' && id) {
    const tab = { type: 'tab', id } as const;
    if (!field) return { kind: added ? 'tabAdded' : removed ? 'tabDeleted' : 'tabRenamed', target: tab };
    if (field === 'name' || field === 'description') return { kind: 'tabRenamed', target: tab };
    if (field === 'filters') return { kind: 'tabFilters', target: tab };
    if (field === 'unitIds') return reordered(op) ? { kind: 'cardsReordered', target: tab } : null;
    if (field === 'layout' && sub) {
      if (!leaf) return null; // a whole box comes and goes with its card
      const kind = leaf === 'w' || leaf === 'h' ? 'cardResized' : 'cardMoved';
      return { kind, target: { type: 'card', id: sub }, field: leaf };
    }
    return null;
  }
  if (area === 'dashboard') {
    const app = { type: 'dashboard', id: '' } as const;
    if (id === 'name') return { kind: 'renamed', target: app };
    if (id === 'tabIds') return reordered(op) ? { kind: 'tabsReordered', target: app } : null;
    if (id === 'colors') return { kind: 'colors', target: app };
    if (id === 'filters') return { kind: 'filters', target: app };
    if (id === 'display' && op.path.includes('hideCommandBar')) return { kind: 'modelBar', target: app };
    return { kind: 'settings', target: app };
  }
  return null;
}

/** What the ops did, or null when they did nothing a person would name. */
export function describeChange(ops: readonly StateOp[]): ChangeDescription | null {
  let facts = ops.map(factOf).filter((f): f is Fact => f !== null);
  // A card or tab that came or went explains its parent's new order and its own fields.
  const cameOrWent = new Set(
    facts.filter((f) => /Added|Deleted/.test(f.kind)).map((f) => `${f.target.type}:${f.target.id}`),
  );
  if (cameOrWent.size) {
    facts = facts.filter(
      (f) =>
        /Added|Deleted/.test(f.kind) ||
        !(
          f.kind === 'cardsReordered' ||
          f.kind === 'tabsReordered' ||
          cameOrWent.has(`${f.target.type}:${f.target.id}`)
        ),
    );
  }
  if (!facts.length) return null;
  const main = PRIORITY.find((kind) => facts.some((f) => f.kind === kind))!;
  const sameKind = facts.filter((f) => f.kind === main);
  const targets = [...new Set(sameKind.map((f) => f.target.id))];
  // The object the most was done to is the one named: a dragged card changed its column (and often its row),
  // those the grid pushed only their row.
  const weight = (id: string) =>
    sameKind.filter((f) => f.target.id === id).reduce((sum, f) => sum + (f.field === 'x' ? 2 : 1), 0);
  const named = targets.reduce((best, id) => (weight(id) > weight(best) ? id : best), targets[0]);
  return {
    kind: main,
    target: sameKind.find((f) => f.target.id === named)!.target,
    others: targets.length - 1,
    more: facts.some((f) => f.kind !== main),
  };
}

const ASPECTS: Partial<Record<ChangeKind, string>> = {
  cardMoved: 'place',
  cardResized: 'size',
  cardMapping: 'mapping',
  cardDisplay: 'display',
  cardFilters: 'filters',
  cardRenamed: 'name',
  cardType: 'type',
  cardsReordered: 'order',
  tabRenamed: 'name',
  tabFilters: 'filters',
  renamed: 'name',
  settings: 'settings',
  modelBar: 'settings',
  colors: 'colors',
  filters: 'filters',
  tabsReordered: 'order',
};

export interface StateDifference {
  type: ChangeTarget['type'];
  _id: string;
  change: 'added' | 'removed' | 'changed';
  aspects: string[];
}

/**
 * What differs between a version's app (`then`) and today's (`ops` = diffStates(then, now)), object by object:
 * a card there now and not then was added since, one there then and not now was removed since.
 */
export function stateDifferences(ops: readonly StateOp[]): StateDifference[] {
  const found = new Map<string, StateDifference>();
  for (const op of ops) {
    const fact = factOf(op);
    if (!fact) continue;
    const key = `${fact.target.type}:${fact.target.id}`;
    const entry = found.get(key) ?? { type: fact.target.type, _id: fact.target.id, change: 'changed', aspects: [] };
    if (/Added$/.test(fact.kind)) entry.change = 'added';
    else if (/Deleted$/.test(fact.kind)) entry.change = 'removed';
    else {
      const aspect = ASPECTS[fact.kind];
      if (aspect && !entry.aspects.includes(aspect)) entry.aspects.push(aspect);
    }
    found.set(key, entry);
  }
  return [...found.values()].map((d) => (d.change === 'changed' ? d : { ...d, aspects: [] }));
}
