import { describe, expect, it } from 'vitest';
import type { AnswerValue, ElementConfig, FormElement } from './entities.ts';
import {
  checkAnswer,
  checkResponse,
  elementConfigErrors,
  elementMoves,
  type FormRuleCode,
  formStatus,
  moveItem,
  questionFeatureType,
  splitOptions,
} from './rules.ts';

const el = (type: FormElement['type'], config: ElementConfig = {}) => ({ type, config });

describe('checkAnswer', () => {
  const cases: Array<[string, ReturnType<typeof el>, AnswerValue | undefined, { value?: unknown; message?: string }]> =
    [
      ['optional empty text', el('shortText', { question: 'q' }), '', { value: null }],
      ['required empty text', el('shortText', { required: true }), '  ', { message: 'form.required' }],
      ['required missing', el('longText', { required: true }), undefined, { message: 'form.required' }],
      ['text trimmed', el('shortText'), '  hi ', { value: 'hi' }],
      ['short text too long', el('shortText'), 'x'.repeat(501), { message: 'form.tooLong' }],
      ['long text at its bound', el('longText'), 'x'.repeat(5000), { value: 'x'.repeat(5000) }],
      ['text given a number', el('shortText'), 3, { message: 'form.required' }],
      ['whole number', el('number'), 42, { value: 42 }],
      ['negative number', el('number'), -3, { value: -3 }],
      ['decimal refused', el('number'), 4.5, { message: 'form.wholeNumber' }],
      ['decimal allowed', el('number', { allowDecimal: true }), 4.5, { value: 4.5 }],
      ['numeric text', el('number'), '12', { value: 12 }],
      ['not a number', el('number'), 'abc', { message: 'form.number' }],
      ['boolean as number', el('number'), true, { message: 'form.number' }],
      ['required number missing', el('number', { required: true }), null, { message: 'form.required' }],
      ['zero counts as an answer', el('number', { required: true }), 0, { value: 0 }],
      ['dropdown option', el('dropdown', { options: 'Red, Green' }), 'Green', { value: 'Green' }],
      ['dropdown unknown option', el('dropdown', { options: 'Red, Green' }), 'Blue', { message: 'form.option' }],
      ['radio option', el('radio', { options: 'Yes,No' }), 'No', { value: 'No' }],
      ['radio given a list', el('radio', { options: 'Yes,No' }), ['No'], { message: 'form.option' }],
      ['checkbox in option order', el('checkbox', { options: 'a, b, c' }), ['c', 'a'], { value: ['a', 'c'] }],
      ['checkbox unknown item', el('checkbox', { options: 'a, b' }), ['a', 'z'], { message: 'form.option' }],
      ['required checkbox empty', el('checkbox', { options: 'a', required: true }), [], { message: 'form.required' }],
      ['scale 1-10 bound', el('ratingScale', { scale: '1-10' }), 10, { value: 10 }],
      ['scale 1-10 above', el('ratingScale', { scale: '1-10' }), 11, { message: 'form.scale' }],
      ['scale 1-5 above', el('ratingScale', { scale: '1-5' }), 6, { message: 'form.scale' }],
      ['scale -5-5 low bound', el('ratingScale', { scale: '-5-5' }), -5, { value: -5 }],
      ['scale -5-5 below', el('ratingScale', { scale: '-5-5' }), -6, { message: 'form.scale' }],
      ['scale default is 1-10', el('ratingScale'), 0, { message: 'form.scale' }],
      ['scale not whole', el('ratingScale', { scale: '1-5' }), 2.5, { message: 'form.scale' }],
      ['binary true', el('binary'), true, { value: true }],
      ['binary false counts', el('binary', { required: true }), false, { value: false }],
      ['binary text', el('binary'), 'true', { message: 'form.option' }],
      ['date', el('date'), '2026-02-28', { value: '2026-02-28' }],
      ['date 29 Feb leap', el('date'), '2024-02-29', { value: '2024-02-29' }],
      ['date 29 Feb not leap', el('date'), '2025-02-29', { message: 'form.date' }],
      ['date month 13', el('date'), '2025-13-01', { message: 'form.date' }],
      ['date other format', el('date'), '01/02/2025', { message: 'form.date' }],
      ['time', el('time'), '09:30', { value: '09:30:00' }],
      ['time with seconds', el('time'), '23:59:59', { value: '23:59:59' }],
      ['time 24h', el('time'), '24:00', { message: 'form.time' }],
      ['time letters', el('time'), 'noon', { message: 'form.time' }],
      ['title with an answer', el('title'), 'x', { message: 'form.unknownField' }],
    ];
  it.each(cases)('%s', (_name, element, value, expected) => {
    const check = checkAnswer(element, value);
    if (expected.message) expect(check).toEqual({ ok: false, message: expected.message });
    else expect(check).toEqual({ ok: true, value: expected.value });
  });
});

describe('elementConfigErrors', () => {
  const cases: Array<[string, FormElement['type'], ElementConfig, Record<string, FormRuleCode>]> = [
    ['title needs its text', 'title', {}, { title: 'form.required' }],
    ['title', 'title', { title: 'Welcome' }, {}],
    ['question needs its question', 'shortText', { question: ' ' }, { question: 'form.required' }],
    ['number', 'number', { question: 'Age', allowDecimal: true }, {}],
    ['dropdown without options', 'dropdown', { question: 'q' }, { options: 'form.required' }],
    ['radio with an empty item', 'radio', { question: 'q', options: 'a,,b' }, { options: 'form.required' }],
    ['checkbox with a trailing comma', 'checkbox', { question: 'q', options: 'a, b,' }, { options: 'form.required' }],
    ['checkbox', 'checkbox', { question: 'q', options: 'a, b' }, {}],
    ['rating scale', 'ratingScale', { question: 'q', scale: '-5-5' }, {}],
    ['binary', 'binary', { question: 'q', binaryText: { true: 'Yes', false: 'No' } }, {}],
  ];
  it.each(cases)('%s', (_name, type, config, errors) => {
    expect(elementConfigErrors(type, config)).toEqual(errors);
  });
});

describe('splitOptions', () => {
  it.each([
    ['', []],
    ['a', ['a']],
    [' a , b ', ['a', 'b']],
    ['a,,b', ['a', '', 'b']],
  ])('%j', (text, items) => expect(splitOptions(text)).toEqual(items));
});

describe('elementMoves (move up and to top only after the second)', () => {
  it.each([
    [0, 4, { up: false, top: false, down: true }],
    [1, 4, { up: false, top: false, down: true }],
    [2, 4, { up: true, top: true, down: true }],
    [3, 4, { up: true, top: true, down: false }],
    [0, 1, { up: false, top: false, down: false }],
  ])('index %i of %i', (index, count, moves) => expect(elementMoves(index, count)).toEqual(moves));
});

describe('moveItem', () => {
  it.each([
    [[0, 1, 2, 3], 3, 0, [3, 0, 1, 2]],
    [[0, 1, 2, 3], 2, 1, [0, 2, 1, 3]],
    [[0, 1, 2, 3], 0, 9, [1, 2, 3, 0]],
    [[0, 1], 5, 0, [0, 1]],
  ])('%j from %i to %i', (items, from, to, result) => expect(moveItem(items, from, to)).toEqual(result));
});

describe('checkResponse', () => {
  const elements = [
    { _id: 't', type: 'title' as const, config: { title: 'Hello' } },
    { _id: 'n', type: 'number' as const, config: { question: 'Age', required: true } },
    { _id: 's', type: 'shortText' as const, config: { question: 'Name' } },
  ];
  it('stores every question, missing optional ones as null', () => {
    expect(checkResponse(elements, { n: 30 })).toEqual({ fields: {}, values: { n: 30, s: null } });
  });
  it('refuses unknown fields and answers to titles, and names each element in error', () => {
    expect(checkResponse(elements, { n: 1.5, t: 'x', zz: 'y' }).fields).toEqual({
      n: 'form.wholeNumber',
      t: 'form.unknownField',
      zz: 'form.unknownField',
    });
  });
});

describe('formStatus and questionFeatureType', () => {
  it.each([
    [false, false, 'draft'],
    [true, false, 'published'],
    [true, true, 'closed'],
  ] as const)('published %s closed %s: %s', (published, closed, status) =>
    expect(formStatus({ published, closed })).toBe(status),
  );
  it.each([
    ['title', undefined],
    ['shortText', 'text'],
    ['longText', 'text'],
    ['number', 'number'],
    ['ratingScale', 'number'],
    ['dropdown', 'category'],
    ['radio', 'category'],
    ['checkbox', 'category'],
    ['binary', 'category'],
    ['date', 'date'],
    ['time', 'time'],
  ] as const)('%s: %s', (type, feature) => expect(questionFeatureType(type)).toBe(feature));
});
