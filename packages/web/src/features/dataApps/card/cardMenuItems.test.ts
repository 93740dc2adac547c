import { describe, expect, it } from 'vitest';
import { type CardMenuItem, cardMenuItems } from './CardMenu.tsx';

const EDITOR: { canEdit: boolean; cardMenu: boolean; movable?: boolean } = { canEdit: true, cardMenu: true };
const DESKTOP_EDITOR = { ...EDITOR, movable: true };
const READER = { canEdit: false, cardMenu: true };
const PUBLIC = { canEdit: false, cardMenu: false };

describe('cardMenuItems', () => {
  const cases: Array<[string, Parameters<typeof cardMenuItems>[0], typeof EDITOR, CardMenuItem[]]> = [
    [
      'an editor of a chart with data',
      { type: 'chart', downloadable: true },
      EDITOR,
      ['editDescription', 'duplicate', 'showTable', 'downloadCsv', 'delete'],
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
      ['editDescription', 'duplicate', 'downloadCsv', 'delete'],
    ],
    [
      'an editor on the desktop grid (Move and Resize, for moving without dragging)',
      { type: 'kpi', downloadable: true },
      DESKTOP_EDITOR,
      ['editDescription', 'duplicate', 'move', 'resize', 'delete'],
    ],
    ['a reader of a chart with data', { type: 'chart', downloadable: true }, READER, ['showTable', 'downloadCsv']],
    ['a reader of a chart with no data', { type: 'chart', downloadable: false }, READER, []],
    ['a reader of a KPI', { type: 'kpi', downloadable: true }, READER, []],
    ['a reader, even where cards may move', { type: 'kpi', downloadable: true }, { ...READER, movable: true }, []],
    ['a public visitor (the card has a button instead)', { type: 'chart', downloadable: true }, PUBLIC, []],
  ];
  it.each(cases)('%s', (_name, card, rights, expected) => {
    expect(cardMenuItems(card, rights)).toEqual(expected);
  });
});
