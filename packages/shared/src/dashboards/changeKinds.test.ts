import { describe, expect, it } from 'vitest';
import type { StateOp } from './appState.ts';
import { describeChange, stateDifferences } from './changeKinds.ts';

const box = { x: 0, y: 0, w: 6, h: 3 };
const card = { tabId: 't1', type: 'chart', subtype: null, name: 'Rain', description: '', vis: {} };
const set = (path: string[], before: unknown, after: unknown): StateOp => ({ path, before, after });

describe('describeChange', () => {
  it.each<[string, StateOp[], ReturnType<typeof describeChange>]>([
    [
      'a rename of the app',
      [set(['dashboard', 'name'], 'A', 'B')],
      { kind: 'renamed', target: { type: 'dashboard', id: '' }, others: 0, more: false },
    ],
    [
      'the model bar hidden',
      [set(['dashboard', 'display', 'hide', 'hideCommandBar'], false, true)],
      { kind: 'modelBar', target: { type: 'dashboard', id: '' }, others: 0, more: false },
    ],
    [
      'another display setting',
      [set(['dashboard', 'display', 'hide', 'hideFilters'], false, true)],
      { kind: 'settings', target: { type: 'dashboard', id: '' }, others: 0, more: false },
    ],
    [
      'a description',
      [set(['dashboard', 'description'], '', 'x')],
      { kind: 'settings', target: { type: 'dashboard', id: '' }, others: 0, more: false },
    ],
    [
      'the colours',
      [set(['dashboard', 'colors', 'colorScheme'], 'a', 'b')],
      { kind: 'colors', target: { type: 'dashboard', id: '' }, others: 0, more: false },
    ],
    [
      'the app filters',
      [set(['dashboard', 'filters'], [], [{}])],
      { kind: 'filters', target: { type: 'dashboard', id: '' }, others: 0, more: false },
    ],
    [
      'the tab order',
      [set(['dashboard', 'tabIds'], ['t1', 't2'], ['t2', 't1'])],
      { kind: 'tabsReordered', target: { type: 'dashboard', id: '' }, others: 0, more: false },
    ],
    [
      'a tab added',
      [{ path: ['tabs', 't2'], after: {} }, set(['dashboard', 'tabIds'], ['t1'], ['t1', 't2'])],
      { kind: 'tabAdded', target: { type: 'tab', id: 't2' }, others: 0, more: false },
    ],
    [
      'a tab deleted with its card',
      [
        { path: ['tabs', 't2'], before: {} },
        { path: ['units', 'u9'], before: card },
        set(['dashboard', 'tabIds'], ['t1', 't2'], ['t1']),
      ],
      { kind: 'tabDeleted', target: { type: 'tab', id: 't2' }, others: 0, more: true },
    ],
    [
      'a tab renamed',
      [set(['tabs', 't1', 'name'], 'a', 'b')],
      { kind: 'tabRenamed', target: { type: 'tab', id: 't1' }, others: 0, more: false },
    ],
    [
      'tab filters',
      [set(['tabs', 't1', 'filters'], [], [{}])],
      { kind: 'tabFilters', target: { type: 'tab', id: 't1' }, others: 0, more: false },
    ],
    [
      'a section order',
      [set(['tabs', 't1', 'unitIds'], ['a', 'b'], ['b', 'a'])],
      { kind: 'cardsReordered', target: { type: 'tab', id: 't1' }, others: 0, more: false },
    ],
    [
      'a card added',
      [
        { path: ['units', 'u1'], after: card },
        { path: ['tabs', 't1', 'layout', 'u1'], after: box },
        set(['tabs', 't1', 'unitIds'], [], ['u1']),
      ],
      { kind: 'cardAdded', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'a card deleted',
      [
        { path: ['units', 'u1'], before: card },
        { path: ['tabs', 't1', 'layout', 'u1'], before: box },
        set(['tabs', 't1', 'unitIds'], ['u1'], []),
      ],
      { kind: 'cardDeleted', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'a card moved',
      [set(['tabs', 't1', 'layout', 'u1', 'x'], 0, 6)],
      { kind: 'cardMoved', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'a move pushing two cards down',
      [
        set(['tabs', 't1', 'layout', 'u1', 'y'], 3, 0),
        set(['tabs', 't1', 'layout', 'u2', 'y'], 0, 3),
        set(['tabs', 't1', 'layout', 'u3', 'y'], 3, 6),
      ],
      { kind: 'cardMoved', target: { type: 'card', id: 'u1' }, others: 2, more: false },
    ],
    [
      'a drag that pushed another card: the dragged one is named',
      [set(['tabs', 't1', 'layout', 'u1', 'y'], 0, 4), set(['tabs', 't1', 'layout', 'u2', 'x'], 6, 0)],
      { kind: 'cardMoved', target: { type: 'card', id: 'u2' }, others: 1, more: false },
    ],
    [
      'a resize that pushes a card',
      [set(['tabs', 't1', 'layout', 'u2', 'y'], 3, 5), set(['tabs', 't1', 'layout', 'u1', 'h'], 3, 5)],
      { kind: 'cardResized', target: { type: 'card', id: 'u1' }, others: 0, more: true },
    ],
    [
      'a mapping',
      [set(['units', 'u1', 'vis', 'dependent'], [], [{}])],
      { kind: 'cardMapping', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'a display setting',
      [set(['units', 'u1', 'vis', 'display', 'legend'], true, false)],
      { kind: 'cardDisplay', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'a chart type',
      [set(['units', 'u1', 'vis', 'chartType'], 'bar', 'line')],
      { kind: 'cardDisplay', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'card filters',
      [set(['units', 'u1', 'vis', 'filters'], [], [{}])],
      { kind: 'cardFilters', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'a card renamed',
      [set(['units', 'u1', 'name'], 'a', 'b')],
      { kind: 'cardRenamed', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    [
      'a card type chosen',
      [set(['units', 'u1', 'type'], null, 'kpi')],
      { kind: 'cardType', target: { type: 'card', id: 'u1' }, others: 0, more: false },
    ],
    ['nothing', [], null],
  ])('%s', (_label, ops, expected) => {
    expect(describeChange(ops)).toEqual(expected);
  });
});

describe('stateDifferences (a version against today)', () => {
  it('names each object once with what changed; added and removed since', () => {
    const ops: StateOp[] = [
      set(['tabs', 't1', 'layout', 'u1', 'x'], 0, 6),
      set(['tabs', 't1', 'layout', 'u1', 'w'], 6, 12),
      set(['units', 'u1', 'vis', 'dependent'], [], [{}]),
      { path: ['units', 'u2'], before: card },
      { path: ['tabs', 't1', 'layout', 'u2'], before: box },
      { path: ['units', 'u3'], after: card },
      set(['dashboard', 'name'], 'A', 'B'),
    ];
    expect(stateDifferences(ops)).toEqual([
      { type: 'card', _id: 'u1', change: 'changed', aspects: ['place', 'size', 'mapping'] },
      { type: 'card', _id: 'u2', change: 'removed', aspects: [] },
      { type: 'card', _id: 'u3', change: 'added', aspects: [] },
      { type: 'dashboard', _id: '', change: 'changed', aspects: ['name'] },
    ]);
  });
});
