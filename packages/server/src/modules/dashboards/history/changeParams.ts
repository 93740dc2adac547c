import { type AppState, type ChangeDescription, type StateOp, sameValue } from '@tessera/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { features } from '../../datasets/index.ts';

/**
 * What a version's summary needs besides its kind, taken when the change is saved (names then, so that a card
 * deleted since is still named): the object's name, its old and new names, the mapping's entries before and
 * after ("Y: avg Wind → max Wind").
 */
export interface ChangeParams {
  name?: string;
  from?: string;
  to?: string;
  others?: number;
  more?: boolean;
  hidden?: boolean;
  number?: number;
  mapping?: Array<{ key: string; before: string[]; after: string[] }>;
}

const NOT_MAPPING = new Set(['display', 'colors', 'chartType', 'filters']);
/** The mapping's entries in the order the editor shows them (stored JSON keeps no order). */
const KEY_ORDER = [
  'independent',
  'dependent',
  'otherDimensions',
  'gradientDimension',
  'groupBy',
  'orderBy',
  'tooltip',
  'kpi',
  'table',
];
const keyRank = (key: string) => (KEY_ORDER.includes(key) ? KEY_ORDER.indexOf(key) : KEY_ORDER.length);

export async function changeParams(
  db: Db,
  description: ChangeDescription,
  ops: readonly StateOp[],
  after: AppState,
): Promise<ChangeParams> {
  const { kind, target } = description;
  const params: ChangeParams = {};
  if (description.others) params.others = description.others;
  if (description.more) params.more = true;
  const nameOp = ops.find(
    (op) => op.path.at(-1) === 'name' && op.path.length === (target.type === 'dashboard' ? 2 : 3),
  );
  if (target.type === 'dashboard') params.name = after.dashboard.name;
  else {
    const area = target.type === 'tab' ? 'tabs' : 'units';
    const whole = ops.find((op) => op.path.length === 2 && op.path[0] === area && op.path[1] === target.id);
    const now = (after[area] as Record<string, { name: string }>)[target.id];
    params.name = now?.name ?? (whole?.before as { name?: string } | undefined)?.name ?? '';
  }
  if (nameOp && (kind === 'renamed' || kind === 'tabRenamed' || kind === 'cardRenamed')) {
    params.from = String(nameOp.before ?? '');
    params.to = String(nameOp.after ?? '');
  }
  if (kind === 'modelBar')
    params.hidden = !!(after.dashboard.display as { hide?: { hideCommandBar?: boolean } })?.hide?.hideCommandBar;
  if (kind === 'cardMapping') params.mapping = await mappingChanges(db, target.id, ops);
  return params;
}

/** The card's changed mapping entries, each as its series' "operation feature" labels before and after. */
async function mappingChanges(db: Db, unitId: string, ops: readonly StateOp[]) {
  const changed = ops.filter(
    (op) =>
      op.path[0] === 'units' &&
      op.path[1] === unitId &&
      op.path[2] === 'vis' &&
      op.path[3] &&
      !NOT_MAPPING.has(op.path[3]),
  );
  const byKey = new Map<string, { before: unknown[]; after: unknown[] }>();
  for (const op of changed) {
    const key = op.path[3];
    const entry = byKey.get(key) ?? { before: [], after: [] };
    entry.before.push(op.before);
    entry.after.push(op.after);
    byKey.set(key, entry);
  }
  const refs = [...byKey.values()].flatMap((e) => [...seriesOf(e.before), ...seriesOf(e.after)]);
  const ids = [...new Set(refs.map((s) => s.featureId))];
  const names = new Map(
    ids.length
      ? (await db.select({ id: features.id, name: features.name }).from(features).where(inArray(features.id, ids))).map(
          (f) => [f.id, f.name],
        )
      : [],
  );
  const label = (s: Series) => [s.operation, names.get(s.featureId) ?? '?'].filter(Boolean).join(' ');
  return [...byKey]
    .map(([key, e]) => ({ key, before: seriesOf(e.before).map(label), after: seriesOf(e.after).map(label) }))
    .filter((entry) => !sameValue(entry.before, entry.after))
    .sort((a, b) => keyRank(a.key) - keyRank(b.key) || a.key.localeCompare(b.key));
}

interface Series {
  featureId: string;
  operation: string;
}

/** Every series-like entry (an object with a `feature._id`) inside a mapping value, in order. */
function seriesOf(value: unknown): Series[] {
  if (Array.isArray(value)) return value.flatMap(seriesOf);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  const feature = record.feature as { _id?: unknown } | undefined;
  if (feature && typeof feature._id === 'string') {
    return [{ featureId: feature._id, operation: typeof record.operation === 'string' ? record.operation : '' }];
  }
  return Object.values(record).flatMap(seriesOf);
}
