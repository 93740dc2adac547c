import { describe, expect, it } from 'vitest';
import type { ModelInputType } from './constants.ts';
import type { ModelInput } from './entities.ts';
import { checkInputValue, checkRunInputs, type InputRuleCode, inputProblem, isValidDate } from './inputs.ts';

const ID = '0123456789abcdef01234567';

describe('checkInputValue', () => {
  const cases: Array<[ModelInputType, unknown, { value: unknown } | InputRuleCode]> = [
    ['boolean', true, { value: true }],
    ['boolean', 'False', { value: false }],
    ['boolean', 'TRUE', { value: true }],
    ['boolean', 'yes', 'model.notBoolean'],
    ['boolean', 1, 'model.notBoolean'],
    ['integer', 3, { value: 3 }],
    ['integer', '42', { value: 42 }],
    ['integer', 0, { value: 0 }],
    ['integer', 2.5, 'model.notInteger'],
    ['integer', 'ten', 'model.notInteger'],
    ['integer', '', 'model.notInteger'],
    ['float', 0.1, { value: 0.1 }],
    ['float', '-2.5', { value: -2.5 }],
    ['float', Number.NaN, 'model.notFloat'],
    ['float', 'x', 'model.notFloat'],
    ['string', 'hello', { value: 'hello' }],
    ['string', '', 'model.notText'],
    ['string', 5, 'model.notText'],
    ['date', '2024-02-29', { value: '2024-02-29' }],
    ['date', '2024-01-03T10:00:00Z', { value: '2024-01-03T10:00:00Z' }],
    ['date', '2023-02-29', 'model.notDate'],
    ['date', 'not a date', 'model.notDate'],
    ['date', '2024-13-01', 'model.notDate'],
    ['dictionary', { a: 1 }, { value: { a: 1 } }],
    ['dictionary', '{"a": 1}', { value: { a: 1 } }],
    ['dictionary', {}, 'model.notDictionary'],
    ['dictionary', '[1]', 'model.notDictionary'],
    ['dictionary', '{oops', 'model.notDictionary'],
    ['list', [1, 2], { value: [1, 2] }],
    ['list', '["a"]', { value: ['a'] }],
    ['list', 'a,b', 'model.notList'],
    ['dataframe', ID, { value: ID }],
    ['dataframe', 'abc', 'model.notDataset'],
    ['dataframe', 12, 'model.notDataset'],
  ];
  it.each(cases)('%s %j', (type, value, expected) => {
    const result = checkInputValue(type, value);
    if (typeof expected === 'string') expect(result).toEqual({ ok: false, message: expected });
    else expect(result).toEqual({ ok: true, value: expected.value });
  });

  it('knows calendar dates', () => {
    expect(isValidDate('2000-02-29')).toBe(true);
    expect(isValidDate('1900-02-29')).toBe(false);
    expect(isValidDate('2024-04-31')).toBe(false);
  });
});

const input = (varName: string, dataType: ModelInputType | null, extra: Partial<ModelInput> = {}): ModelInput => ({
  _id: ID,
  name: varName,
  varName,
  dataType,
  defaultValue: null,
  value: null,
  description: '',
  options: null,
  display: { modelBar: false, modelPanel: 'primary', inputType: 'number', config: {} },
  ...extra,
});

describe('inputProblem', () => {
  it.each([
    [input('a', null), 'model.needsType'],
    [input('a', 'integer'), 'model.needsDefault'],
    [input('a', 'string', { defaultValue: '' }), 'model.needsDefault'],
    [input('a', 'boolean', { defaultValue: false }), undefined],
    [input('a', 'integer', { defaultValue: 0 }), undefined],
  ])('%#', (i, expected) => expect(inputProblem(i)).toBe(expected));
});

describe('checkRunInputs', () => {
  const inputs = [
    input('n', 'integer', { defaultValue: 5 }),
    input('mode', 'string', { defaultValue: 'up', options: ['up', 'down'] }),
    input('tags', 'list', { defaultValue: [], options: ['a', 'b'] }),
    input('df', 'dataframe', { defaultValue: ID }),
  ];

  it('takes given values, else the current value, else the default', () => {
    const withValue = inputs.map((i) => (i.varName === 'mode' ? { ...i, value: 'down' } : i));
    expect(checkRunInputs(withValue, [{ varName: 'n', value: '7' }])).toEqual({
      values: [
        { varName: 'n', dataType: 'integer', value: 7 },
        { varName: 'mode', dataType: 'string', value: 'down' },
        { varName: 'tags', dataType: 'list', value: [] },
        { varName: 'df', dataType: 'dataframe', value: ID },
      ],
      fields: {},
    });
  });

  it('names each bad field', () => {
    const { fields } = checkRunInputs(inputs, [
      { varName: 'n', value: 'x' },
      { varName: 'mode', value: 'sideways' },
      { varName: 'tags', value: ['a', 'c'] },
      { varName: 'nope', value: 1 },
    ]);
    expect(fields).toEqual({
      n: 'model.notInteger',
      mode: 'model.notAnOption',
      tags: 'model.notAnOption',
      nope: 'model.unknownInput',
    });
  });

  it('refuses an input without a type or a value', () => {
    const { fields } = checkRunInputs([input('a', null), input('b', 'float')], []);
    expect(fields).toEqual({ a: 'model.needsType', b: 'model.needsDefault' });
  });
});
