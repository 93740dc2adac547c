import { describe, expect, it } from 'vitest';
import { type CardMenuItem, cardMenuItems } from './CardMenu.tsx';

const EDITOR: { canEdit: boolean; cardMenu: boolean; movable?: boolean } = { canEdit: true, cardMenu: true };
const DESKTOP_EDITOR = { ...EDITOR, movable: true };
const READER = { canEdit: false, cardMenu: true };
const PUBLIC = { canEdit: false, cardMenu: false };

describe('cardMenuItems', () => {
  const cases: Array<
    [string, Parameters<typeof cardMenuItems>[0], Parameters<typeof cardMenuItems>[1], CardMenuItem[]]
  > = [
    [
      'an editor of a chart with data',
      { type: 'chart', downloadable: true },
      EDITOR,
      ['viewRows', 'editDescription', 'duplicate', 'showTable', 'downloadCsv', 'delete'],
    ],
    [
      'an editor of a chart with no data',
      { type: 'chart', downloadable: false },
      EDITOR,
      ['editDescription', 'duplicate', 'delete'],
    ],
    [
      'an editor of a table (already a table)',
      { type: 'table', downloadable: true },
      EDITOR,
      ['viewRows', 'editDescription', 'duplicate', 'downloadCsv', 'delete'],
    ],
    [
      'a reader of a chart with data',
      { type: 'chart', downloadable: true },
      READER,
      ['viewRows', 'showTable', 'downloadCsv'],
    ],
    [
      'an editor on the desktop grid (Move and Resize, for moving without dragging)',
      { type: 'kpi', downloadable: true },
      DESKTOP_EDITOR,
      ['viewRows', 'editDescription', 'duplicate', 'move', 'resize', 'delete'],
    ],
    ['a reader of a chart with no data', { type: 'chart', downloadable: false }, READER, []],
    ['a reader of a KPI', { type: 'kpi', downloadable: true }, READER, ['viewRows']],
    [
      'a reader, even where cards may move',
      { type: 'kpi', downloadable: true },
      { ...READER, movable: true },
      ['viewRows'],
    ],
    ['a reader of a KPI with no data', { type: 'kpi', downloadable: false }, READER, []],
    ['a public visitor (the card has a button instead)', { type: 'chart', downloadable: true }, PUBLIC, []],
    [
      'an editor of a KPI inside a project (Set alert)',
      { type: 'kpi', downloadable: true },
      { ...EDITOR, exportable: true, alertable: true },
      ['viewRows', 'editDescription', 'duplicate', 'downloadPng', 'setAlert', 'delete'],
    ],
    [
      'a reader of a chart inside a project (Set alert)',
      { type: 'chart', downloadable: true },
      { ...READER, exportable: true, alertable: true },
      ['viewRows', 'showTable', 'downloadCsv', 'downloadPng', 'setAlert'],
    ],
    [
      'a reader of a table inside a project (no alert on a table)',
      { type: 'table', downloadable: true },
      { ...READER, exportable: true, alertable: true },
      ['viewRows', 'downloadCsv', 'downloadPng'],
    ],
  ];
  it.each(cases)('%s', (_name, card, rights, expected) => {
    expect(cardMenuItems(card, rights)).toEqual(expected);
  });
});
