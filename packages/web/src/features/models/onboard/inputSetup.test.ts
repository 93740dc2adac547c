import { inputProblem, type ModelInput, type ModelInputType } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import { changeStyle, changeType, firstStep, inputsComplete } from './inputSetup.ts';

const input = (dataType: ModelInputType | null, defaultValue: unknown, inputType = ''): ModelInput => ({
  _id: '0123456789abcdef01234567',
  name: 'x',
  varName: 'x',
  dataType,
  defaultValue,
  value: 'kept?',
  description: '',
  options: null,
  display: { modelBar: true, modelPanel: 'secondary', inputType, config: { min: 3 } },
});

describe('changeType', () => {
  it.each([
    ['integer', 'number', { step: 1 }],
    ['float', 'number', { step: 0.1 }],
    ['string', 'text', {}],
    ['boolean', 'selectOne', {}],
    ['dictionary', 'json', {}],
    ['list', 'selectMany', {}],
    ['date', 'date', {}],
    ['dataframe', 'selectOne', {}],
  ] as const)('%s resets default, value and display', (type, style, config) => {
    const changed = changeType(input('string', 'abc', 'text'), type);
    expect(changed).toMatchObject({ dataType: type, defaultValue: null, value: null });
    expect(changed.display).toEqual({ modelBar: false, modelPanel: 'primary', inputType: style, config });
  });
});

describe('changeStyle', () => {
  it.each([
    ['string', 'selectOne', 'selectOne'],
    ['string', 'json', 'text'],
    ['dictionary', 'constraint', 'constraint'],
    ['integer', 'text', 'number'],
  ] as const)('%s to %s shows %s', (type, style, shown) => {
    expect(changeStyle(changeType(input(null, null), type), style).display.inputType).toBe(shown);
  });
});

describe('inputs complete (type and default, false and 0 count)', () => {
  it.each([
    [input(null, 1), 'model.needsType'],
    [input('integer', null), 'model.needsDefault'],
    [input('string', ''), 'model.needsDefault'],
    [input('boolean', false), undefined],
    [input('integer', 0), undefined],
    [input('float', 0.5), undefined],
  ])('%#', (i, problem) => {
    expect(inputProblem(i)).toBe(problem);
    expect(inputsComplete([i])).toBe(problem === undefined);
  });

  it('opens where the set-up stopped', () => {
    expect(firstStep(undefined)).toBe(0);
    expect(firstStep({ inputs: [input('integer', null)] })).toBe(1);
    expect(firstStep({ inputs: [input('integer', 0)] })).toBe(2);
    expect(firstStep({ inputs: [] })).toBe(2);
  });
});
