import {
  type DashboardFilter,
  type FeatureType,
  type FilterOperation,
  type FilterType,
  filterOperationsFor,
  filterTypesFor,
  type NewDashboardFilter,
} from '@tessera/shared';

/**
 * The filter being edited in a menu: created for a feature, changed by the menu's fields, and
 * judged by the shared rule when the menu closes. A draft of a saved filter keeps its `_id`; a new one has ''.
 */
export type FilterDraft = DashboardFilter;

/** The menu a feature opens first, and its first operation with an empty value. */
export function newDraft(featureId: string, featureType: FeatureType): FilterDraft {
  const type = filterTypesFor(featureType)[0] ?? 'text';
  return withOperation({ _id: '', type, operation: 'empty', feature: { id: featureId } }, defaultOperation(type));
}

function defaultOperation(type: FilterType): FilterOperation {
  return filterOperationsFor(type)[0] ?? 'empty';
}

/**
 * The operations the menu of a draft offers. A number feature's menu offers the value operations and between
 * (the range menu) together: picking one switches the filter type.
 */
export function menuOperations(draft: Pick<FilterDraft, 'type'>): FilterOperation[] {
  if (draft.type === 'value' || draft.type === 'range') {
    const value = filterOperationsFor('value');
    return [...value.slice(0, -2), 'between', 'empty', 'not-empty'];
  }
  return filterOperationsFor(draft.type);
}

/** The value an operation starts with in a menu of this type. */
function emptyValue(type: FilterType, operation: FilterOperation): DashboardFilter['value'] {
  if (operation === 'empty' || operation === 'not-empty') return null;
  switch (type) {
    case 'value':
      return null;
    case 'range':
      return { from: null, to: null };
    case 'category':
      return operation === 'equal' || operation === 'not-equal' ? [] : '';
    case 'text':
      return '';
    case 'time':
      return operation === 'between' ? { from: null, to: null } : { value: null };
    case 'date':
      if (operation === 'last') return { duration: null, unit: 'day' };
      if (operation === 'on') return { on: null };
      return { from: null, to: null };
  }
}

/**
 * The draft with another operation. The value is kept when its shape still fits (greater to less keeps the
 * number, between to between keeps the bounds); a number menu switches between value and range.
 */
export function withOperation(draft: FilterDraft, operation: FilterOperation): FilterDraft {
  let type = draft.type;
  if (type === 'value' && operation === 'between') type = 'range';
  else if (type === 'range' && operation !== 'between') type = 'value';
  const next: FilterDraft = { ...draft, type, operation, value: emptyValue(type, operation) };
  if (type === 'date') next.option = operation === 'on' ? (draft.option ?? 'date') : undefined;
  else delete next.option;
  if (next.option === undefined) delete next.option;
  const valueless = operation === 'empty' || operation === 'not-empty';
  if (!valueless && draft.value !== undefined && sameShape(draft, next)) next.value = draft.value;
  return next;
}

function sameShape(a: FilterDraft, b: FilterDraft): boolean {
  if (a.type !== b.type) return false;
  const shape = (f: FilterDraft) => {
    const v = f.value;
    if (v === null || v === undefined) return 'none';
    if (Array.isArray(v)) return 'list';
    if (typeof v === 'object') return Object.keys(v).sort().join(',');
    return typeof v;
  };
  return shape(a) === shape(b) || (shape(b) === 'none' && a.type === 'value' && typeof a.value === 'number');
}

/** What is sent to save a draft (the server gives new filters their `_id`). */
export function toNewFilter(draft: FilterDraft): NewDashboardFilter {
  const { _id, valid, ...rest } = draft;
  return rest;
}

/** Whether a draft differs from the filter it was opened from. */
export function changed(draft: FilterDraft, saved: DashboardFilter | undefined): boolean {
  if (!saved) return true;
  return JSON.stringify(toNewFilter(draft)) !== JSON.stringify(toNewFilter(saved));
}
