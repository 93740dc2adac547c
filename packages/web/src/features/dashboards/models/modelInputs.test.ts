import type { Model, ModelInput, ModelRun } from '@tessera/shared';
import { describe, expect, it } from 'vitest';
import {
  activeRun,
  barInputs,
  historyOrder,
  initialValues,
  modelsByDataset,
  panelInputs,
  runRequest,
  shownValues,
} from './modelInputs.ts';

const input = (varName: string, dataType: ModelInput['dataType'], extra: Partial<ModelInput> = {}): ModelInput => ({
  _id: varName.padEnd(24, '0'),
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
const run = (id: string, at: string, extra: Partial<ModelRun> = {}) =>
  ({ _id: id, executionDatetime: at, favourite: false, status: 'finished', inputs: [], ...extra }) as ModelRun;

describe('model inputs on a dashboard', () => {
  const n = input('n', 'integer', {
    defaultValue: 3,
    display: { modelBar: true, modelPanel: 'primary', inputType: 'number', config: {} },
  });
  const rate = input('rate', 'float', {
    value: 0.5,
    defaultValue: 0.1,
    display: { modelBar: false, modelPanel: 'secondary', inputType: 'number', config: {} },
  });
  const flag = input('flag', 'boolean', {
    defaultValue: false,
    display: { modelBar: false, modelPanel: 'hidden', inputType: 'selectOne', config: {} },
  });
  const model = { inputs: [n, rate, flag] };

  it('places inputs on the bar (modelBar) and in the panel (primary, secondary; hidden nowhere)', () => {
    expect(barInputs(model).map((i) => i.varName)).toEqual(['n']);
    expect(panelInputs(model, 'primary').map((i) => i.varName)).toEqual(['n']);
    expect(panelInputs(model, 'secondary').map((i) => i.varName)).toEqual(['rate']);
  });

  it('starts from each value, else its default (false and 0 count)', () => {
    expect(initialValues(model)).toEqual({ n: 3, rate: 0.5, flag: false });
  });

  // [the run displayed (its inputs), what the bar shows]
  it.each([
    [undefined, { n: 3, rate: 0.5, flag: false }],
    [[], { n: 3, rate: 0.5, flag: false }],
    [[{ varName: 'n', dataType: 'integer', value: 20 }], { n: 20, rate: 0.5, flag: false }],
    [
      [
        { varName: 'n', dataType: 'integer', value: 15 },
        { varName: 'flag', dataType: 'boolean', value: true },
      ],
      { n: 15, rate: 0.5, flag: true },
    ],
  ])('the displayed run %j shows %j', (inputs, shown) => {
    expect(shownValues(model, inputs ? run('r', '2026-01-01T00:00:00Z', { inputs }) : undefined)).toEqual(shown);
  });

  // [values typed, inputs sent, inputs named as bad]
  it.each([
    [
      { n: 5, rate: '', flag: false },
      [
        { varName: 'n', value: 5 },
        { varName: 'flag', value: false },
      ],
      [],
    ],
    [
      { n: '7', rate: 0.2, flag: 'True' },
      [
        { varName: 'n', value: 7 },
        { varName: 'rate', value: 0.2 },
        { varName: 'flag', value: true },
      ],
      [],
    ],
    [{ n: 'abc', rate: null, flag: null }, [], ['n']],
  ])('sends %j as %j', (values, sent, bad) => {
    const request = runRequest(model, values);
    expect(Object.keys(request.problems)).toEqual(bad);
    if (!bad.length) expect(request.inputs).toEqual(sent);
  });

  it('orders the history favourites first, then newest first, and finds the run still going', () => {
    const runs = [
      run('a', '2026-01-01T00:00:00Z'),
      run('b', '2026-01-03T00:00:00Z', { status: 'started' }),
      run('c', '2026-01-02T00:00:00Z', { favourite: true }),
    ];
    expect(historyOrder(runs).map((r) => r._id)).toEqual(['c', 'b', 'a']);
    expect(activeRun(runs)?._id).toBe('b');
    expect(activeRun([runs[0]])).toBeUndefined();
  });

  it('finds the model a dataset is the output of', () => {
    const m = { _id: 'm', outputs: [{ name: 'out', dataset: { _id: 'd1' } }] } as Model;
    expect(modelsByDataset([m]).get('d1')?._id).toBe('m');
    expect(modelsByDataset([m]).get('d2')).toBeUndefined();
  });
});
