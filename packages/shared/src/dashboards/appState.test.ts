import { describe, expect, it } from 'vitest';
import {
  type AppState,
  applyOps,
  conflictingPaths,
  diffStates,
  diffValues,
  invertOps,
  layoutList,
  mergeOps,
  pathsOverlap,
  sameValue,
} from './appState.ts';

const box = (x: number, y: number, w = 6, h = 3) => ({ x, y, w, h, moved: false, static: false });
const base: AppState = {
  dashboard: { name: 'Weather', description: '', display: { hide: {} }, colors: {}, filters: [], tabIds: ['t1'] },
  tabs: {
    t1: {
      name: 'Tab 1',
      description: '',
      unitIds: ['u1', 'u2'],
      layout: { u1: box(0, 0), u2: box(6, 0) },
      filters: [],
    },
  },
  units: {
    u1: { tabId: 't1', type: 'chart', subtype: null, name: 'Rain', description: '', vis: { dependent: [1] } },
    u2: { tabId: 't1', type: 'kpi', subtype: null, name: 'Wind', description: '', vis: { kpi: [] } },
  },
};
const edit = (change: (s: AppState) => void): AppState => {
  const next = structuredClone(base);
  change(next);
  return next;
};

describe('diffStates', () => {
  it.each([
    [
      'a move is one path per coordinate',
      edit((s) => {
        s.tabs.t1.layout.u1.y = 3;
      }),
      [{ path: ['tabs', 't1', 'layout', 'u1', 'y'], before: 0, after: 3 }],
    ],
    [
      'a rename',
      edit((s) => {
        s.dashboard.name = 'Sky';
      }),
      [{ path: ['dashboard', 'name'], before: 'Weather', after: 'Sky' }],
    ],
    [
      'a card order is one array',
      edit((s) => {
        s.tabs.t1.unitIds = ['u2', 'u1'];
      }),
      [{ path: ['tabs', 't1', 'unitIds'], before: ['u1', 'u2'], after: ['u2', 'u1'] }],
    ],
    ['nothing', structuredClone(base), []],
  ])('%s', (_label, after, ops) => {
    expect(diffStates(base, after)).toEqual(ops);
  });

  it('a deleted card is its whole value, its box and the order', () => {
    const after = edit((s) => {
      delete s.units.u2;
      delete s.tabs.t1.layout.u2;
      s.tabs.t1.unitIds = ['u1'];
    });
    const ops = diffStates(base, after);
    expect(ops).toContainEqual({ path: ['units', 'u2'], before: base.units.u2 });
    expect(ops).toContainEqual({ path: ['tabs', 't1', 'layout', 'u2'], before: base.tabs.t1.layout.u2 });
    expect(applyOps(base, ops)).toEqual(after);
    expect(applyOps(after, invertOps(ops))).toEqual(base);
  });
});

describe('applyOps, invertOps, conflicts', () => {
  it('applying a diff gives the target; its inverse gives back the start; the input is untouched', () => {
    const after = edit((s) => {
      s.units.u1.vis = { dependent: [2], display: { legend: true } };
      s.tabs.t1.layout.u2 = box(0, 3, 12, 4);
      s.dashboard.tabIds = ['t1'];
    });
    const ops = diffStates(base, after);
    const copy = structuredClone(base);
    expect(applyOps(base, ops)).toEqual(after);
    expect(base).toEqual(copy);
    expect(applyOps(after, invertOps(ops))).toEqual(base);
  });

  it('a path someone changed since conflicts; an untouched one does not', () => {
    const ops = diffValues(0, 3, ['tabs', 't1', 'layout', 'u1', 'y']);
    const moved = applyOps(base, ops);
    expect(conflictingPaths(moved, invertOps(ops))).toEqual([]);
    const movedAgain = edit((s) => {
      s.tabs.t1.layout.u1.y = 9;
    });
    expect(conflictingPaths(movedAgain, invertOps(ops))).toEqual([['tabs', 't1', 'layout', 'u1', 'y']]);
  });

  it.each([
    [['a', 'b'], ['a', 'b', 'c'], true],
    [['a', 'b'], ['a', 'b'], true],
    [['a', 'b'], ['a', 'c'], false],
    [['units', 'u1'], ['units', 'u10'], false],
  ])('paths %j and %j overlap: %s', (a, b, expected) => {
    expect(pathsOverlap(a, b)).toBe(expected);
  });
});

describe('mergeOps (several steps as one version)', () => {
  it('keeps the first before and the last after; a path back where it began drops out', () => {
    const y = ['tabs', 't1', 'layout', 'u1', 'y'];
    const x = ['tabs', 't1', 'layout', 'u1', 'x'];
    expect(
      mergeOps([
        [
          { path: y, before: 0, after: 3 },
          { path: x, before: 0, after: 6 },
        ],
        [
          { path: y, before: 3, after: 5 },
          { path: x, before: 6, after: 0 },
        ],
      ]),
    ).toEqual([{ path: y, before: 0, after: 5 }]);
  });
});

describe('sameValue and layoutList', () => {
  it.each([
    [{ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, true],
    [[1, 2], [2, 1], false],
    [null, {}, false],
  ])('%j and %j: %s', (a, b, expected) => {
    expect(sameValue(a, b)).toBe(expected);
  });
  it('lists a layout in the card order', () => {
    expect(layoutList({ unitIds: ['u2', 'u1'], layout: { u1: box(0, 0), u2: box(6, 0) } }).map((i) => i.i)).toEqual([
      'u2',
      'u1',
    ]);
  });
});
