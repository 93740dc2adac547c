import type { FeatureType } from '../datasets/types.ts';
import {
  DEFAULT_RATING_SCALE,
  type ElementType,
  FORM_LIMITS,
  type FormStatus,
  OPTION_TYPES,
  RATING_SCALES,
} from './constants.ts';
import type { AnswerValue, ElementConfig, FormElement } from './entities.ts';

/**
 * A rule's message: a code of the shared list (FORM_MESSAGES under 'form.'), which the server answers with and the
 * web translates (docs/architecture.md, "Errors").
 */
export type FormRuleCode =
  | 'form.required'
  | 'form.number'
  | 'form.wholeNumber'
  | 'form.option'
  | 'form.scale'
  | 'form.date'
  | 'form.time'
  | 'form.tooLong'
  | 'form.unknownField';

/** The rules of forms that the builder, the public page and the server all run. */

export const isQuestion = (type: ElementType): boolean => type !== 'title';
const hasOptions = (type: ElementType): boolean => (OPTION_TYPES as readonly ElementType[]).includes(type);

/** A draft, a published form that collects responses, or a closed one (the list's badges). */
export function formStatus(form: { published: boolean; closed: boolean }): FormStatus {
  if (!form.published) return 'draft';
  return form.closed ? 'closed' : 'published';
}

/** Options typed as comma-separated text, each item trimmed (empty items kept: they are errors). */
export function splitOptions(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return [];
  return text.split(',').map((item) => item.trim());
}

/** The options a question offers: its non-empty items, each once. */
export function optionsOf(config: ElementConfig): string[] {
  return [...new Set(splitOptions(config.options).filter((o) => o !== ''))];
}

/**
 * What is wrong with an element's config, by field (empty when it is valid): a title needs its text, a question
 * its question; dropdown, radio and checkbox need options, and an empty list item is an error
 * ('form.required').
 */
export function elementConfigErrors(type: ElementType, config: ElementConfig): Record<string, FormRuleCode> {
  const errors: Record<string, FormRuleCode> = {};
  if (type === 'title') {
    if (!config.title?.trim()) errors.title = 'form.required';
    return errors;
  }
  if (!config.question?.trim()) errors.question = 'form.required';
  if (hasOptions(type)) {
    const items = splitOptions(config.options);
    if (items.length === 0 || items.some((item) => item === '')) errors.options = 'form.required';
    else if (items.length > FORM_LIMITS.options) errors.options = 'form.tooLong';
  }
  return errors;
}

/** The lowest and highest value of a rating scale question. */
export function scaleBounds(config: ElementConfig): { min: number; max: number } {
  return RATING_SCALES[config.scale ?? DEFAULT_RATING_SCALE];
}

/**
 * The texts a yes/no question's answers are written as in a text column (its texts, else True and False): the
 * column of a form published before yes/no answers became booleans. Respondents see Yes and No in their language.
 */
export function binaryLabels(config: ElementConfig): { true: string; false: string } {
  return { true: config.binaryText?.true?.trim() || 'True', false: config.binaryText?.false?.trim() || 'False' };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

export function isAnswerDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const isAnswerTime = (value: string): boolean => TIME.test(value);

const isEmpty = (value: AnswerValue | undefined): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/** The answer as stored: text trimmed, numbers as numbers, lists in the options' order. */
export type StoredAnswer = string | number | boolean | string[] | null;
export type AnswerCheck = { ok: true; value: StoredAnswer } | { ok: false; message: FormRuleCode };

const fail = (message: FormRuleCode): AnswerCheck => ({ ok: false, message });

/** Checks one answer against its element (and the issue: required, numbers, options, scale, date, time). */
export function checkAnswer(
  element: Pick<FormElement, 'type' | 'config'>,
  value: AnswerValue | undefined,
): AnswerCheck {
  const { type, config } = element;
  if (type === 'title') return isEmpty(value) ? { ok: true, value: null } : fail('form.unknownField');
  if (isEmpty(value)) return config.required ? fail('form.required') : { ok: true, value: null };
  switch (type) {
    case 'shortText':
    case 'longText': {
      if (typeof value !== 'string') return fail('form.required');
      const text = value.trim();
      const max = type === 'shortText' ? FORM_LIMITS.shortText : FORM_LIMITS.longText;
      return text.length > max ? fail('form.tooLong') : { ok: true, value: text };
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return fail('form.number');
      if (!config.allowDecimal && !Number.isInteger(n)) return fail('form.wholeNumber');
      return { ok: true, value: n };
    }
    case 'dropdown':
    case 'radio': {
      if (typeof value !== 'string' || !optionsOf(config).includes(value.trim())) return fail('form.option');
      return { ok: true, value: value.trim() };
    }
    case 'checkbox': {
      if (!Array.isArray(value)) return fail('form.option');
      const options = optionsOf(config);
      const chosen = new Set(value.map((v) => v.trim()));
      if ([...chosen].some((v) => !options.includes(v))) return fail('form.option');
      return { ok: true, value: options.filter((o) => chosen.has(o)) };
    }
    case 'ratingScale': {
      const { min, max } = scaleBounds(config);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
        return fail('form.scale');
      return { ok: true, value };
    }
    case 'binary':
      return typeof value === 'boolean' ? { ok: true, value } : fail('form.option');
    case 'date':
      return typeof value === 'string' && isAnswerDate(value) ? { ok: true, value } : fail('form.date');
    case 'time':
      return typeof value === 'string' && isAnswerTime(value)
        ? { ok: true, value: value.length === 5 ? `${value}:00` : value }
        : fail('form.time');
  }
}

/**
 * Checks a whole response against the form's elements: answers to unknown ids (or to titles) are refused,
 * each question's answer is checked. `fields` has one message per element id in error.
 */
export function checkResponse(
  elements: readonly Pick<FormElement, '_id' | 'type' | 'config'>[],
  answers: Record<string, AnswerValue>,
): { fields: Record<string, FormRuleCode>; values: Record<string, StoredAnswer> } {
  const fields: Record<string, FormRuleCode> = {};
  const values: Record<string, StoredAnswer> = {};
  const byId = new Map(elements.map((e) => [e._id, e]));
  for (const key of Object.keys(answers)) {
    const element = byId.get(key);
    if (!element || element.type === 'title') fields[key] = 'form.unknownField';
  }
  for (const element of elements) {
    if (element.type === 'title') continue;
    const check = checkAnswer(element, answers[element._id]);
    if (check.ok) values[element._id] = check.value;
    else fields[element._id] = check.message;
  }
  return { fields, values };
}

/**
 * The builder's move actions for the element at `index` of `count`: move up and move to top are
 * offered only for elements after the second; move down for any but the last.
 */
export function elementMoves(index: number, count: number): { up: boolean; top: boolean; down: boolean } {
  const afterSecond = index >= 2 && index < count;
  return { up: afterSecond, top: afterSecond, down: index >= 0 && index < count - 1 };
}

/** The list with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const result = [...items];
  if (from < 0 || from >= items.length) return result;
  const target = Math.max(0, Math.min(items.length - 1, to));
  const [item] = result.splice(from, 1);
  result.splice(target, 0, item);
  return result;
}

/** The feature type of a question's column in the Form Responses dataset (titles have no column). */
export function questionFeatureType(type: ElementType): FeatureType | undefined {
  switch (type) {
    case 'title':
      return undefined;
    case 'number':
    case 'ratingScale':
      return 'number';
    case 'dropdown':
    case 'radio':
    case 'binary':
    case 'checkbox':
      return 'category';
    case 'date':
      return 'date';
    case 'time':
      return 'time';
    default:
      return 'text';
  }
}
