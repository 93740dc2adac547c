import { describe, expect, it } from 'vitest';
import { type CardMenuItem, cardMenuItems } from './CardMenu.tsx';

const EDITOR = { canEdit: true, cardMenu: true };
const READER = { canEdit: false, cardMenu: true };
const PUBLIC = { canEdit: false, cardMenu: false };

describe('cardMenuItems', () => {
  const cases: Array<[string, Parameters<typeof cardMenuItems>[0], typeof EDITOR, CardMenuItem[]]> = [
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
    ['a reader of a chart with no data', { type: 'chart', downloadable: false }, READER, []],
    ['a reader of a KPI', { type: 'kpi', downloadable: true }, READER, ['viewRows']],
    ['a reader of a KPI with no data', { type: 'kpi', downloadable: false }, READER, []],
    ['a public visitor (the card has a button instead)', { type: 'chart', downloadable: true }, PUBLIC, []],
  ];
  it.each(cases)('%s', (_name, card, rights, expected) => {
    expect(cardMenuItems(card, rights)).toEqual(expected);
  });
});
