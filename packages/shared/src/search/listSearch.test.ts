import { describe, expect, it } from 'vitest';
import {
  defaultRegexFields,
  listSearch,
  NAME_SEARCH_FIELDS,
  ORGANIZATION_SEARCH_FIELDS,
  USER_SEARCH_FIELDS,
} from './listSearch.ts';

const users = [
  { name: { first: 'Ada', last: 'Lovelace' }, email: 'ada@analytical.org' },
  { name: { first: 'Grace', last: 'Hopper' }, email: 'grace@navy.mil' },
  { name: { first: 'Alan', last: 'Turing' }, email: 'alan@bletchley.uk' },
];
const orgs = [
  { name: 'Acme Consulting', plan: 'enterprise' },
  { name: 'Globex', plan: 'starter' },
  { name: 'Initech', plan: null },
];
const firstNames = (list: typeof users) => list.map((u) => u.name.first);

describe('listSearch', () => {
  it.each([
    ['', ['Ada', 'Grace', 'Alan']],
    ['   ', ['Ada', 'Grace', 'Alan']],
    ['re:^a', ['Ada', 'Alan']],
    ['re:NAVY', ['Grace']],
    ['re:\\.uk$', ['Alan']],
    ['re:zzz', []],
    ['Hoper', ['Grace']],
    ['turing', ['Alan']],
    ['bletchley', ['Alan']],
    ['qqqqqq', []],
  ])('users %j → %j', (text, expected) => {
    expect(firstNames(listSearch(users, text, USER_SEARCH_FIELDS))).toEqual(expected);
  });

  it('falls back to fuzzy search when the regular expression is invalid', () => {
    expect(firstNames(listSearch(users, 're:(grace', USER_SEARCH_FIELDS))).toEqual(['Grace']);
  });

  it('keeps only results within 0.1 of the best score', () => {
    const items = [{ name: 'report' }, { name: 'reports 2024' }, { name: 'rapport' }];
    const found = listSearch(items, 'report', NAME_SEARCH_FIELDS).map((x) => x.name);
    expect(found[0]).toBe('report');
    expect(found).not.toContain('rapport');
  });

  it('searches organizations by name and plan', () => {
    expect(listSearch(orgs, 'starter', ORGANIZATION_SEARCH_FIELDS).map((o) => o.name)).toEqual(['Globex']);
    expect(listSearch(orgs, 're:acme|initech', ORGANIZATION_SEARCH_FIELDS).map((o) => o.name)).toEqual([
      'Acme Consulting',
      'Initech',
    ]);
  });

  it.each([
    ['re:^e', undefined, []],
    ['re:^e', ['plan'], ['Acme Consulting']],
    ['re:^(e|g)', ['name', 'plan'], ['Acme Consulting', 'Globex']],
    ['re:^g', ['unknown'], ['Globex']],
  ])(
    'a "re:" search of organizations %j reads the chosen fields %j (default the name) → %j',
    (text, chosen, expected) => {
      expect(listSearch(orgs, text, ORGANIZATION_SEARCH_FIELDS, chosen).map((o) => o.name)).toEqual(expected);
    },
  );

  it('reads every field of a list without a name, unless fields are chosen', () => {
    expect(defaultRegexFields(USER_SEARCH_FIELDS)).toEqual(['first', 'last', 'email']);
    expect(firstNames(listSearch(users, 're:^a', USER_SEARCH_FIELDS, ['email']))).toEqual(['Ada', 'Alan']);
    expect(firstNames(listSearch(users, 're:^(h|t)', USER_SEARCH_FIELDS, ['last']))).toEqual(['Grace', 'Alan']);
    expect(firstNames(listSearch(users, 're:^(h|t)', USER_SEARCH_FIELDS, ['email']))).toEqual([]);
  });

  it('never changes the list it is given', () => {
    const copy = structuredClone(users);
    listSearch(users, 'ada', USER_SEARCH_FIELDS);
    expect(users).toEqual(copy);
  });
});
