import { ID_PATTERN } from '../http/ids.ts';
import type { ModelInputType } from './constants.ts';
import type { ModelInput, RunInputValue } from './entities.ts';

/** Model input rules: what a value of each type must be, pure, shared by the server and the web app. */

/**
 * A rule's message: a code of the shared list (MODEL_MESSAGES under 'model.'), which the server answers with and
 * the web translates (docs/architecture.md, "Errors").
 */
export type InputRuleCode =
  | 'model.needsType'
  | 'model.needsDefault'
  | 'model.unknownInput'
  | 'model.notBoolean'
  | 'model.notInteger'
  | 'model.notFloat'
  | 'model.notText'
  | 'model.notDate'
  | 'model.notDictionary'
  | 'model.notList'
  | 'model.notDataset'
  | 'model.notAnOption';

export type Checked = { ok: true; value: unknown } | { ok: false; message: InputRuleCode };

const good = (value: unknown): Checked => ({ ok: true, value });
const bad = (message: InputRuleCode): Checked => ({ ok: false, message });

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A calendar date written YYYY-MM-DD (a time may follow); 2024-02-30 is not one. */
export function isValidDate(text: string): boolean {
  const match = ISO_DATE.exec(text.trim());
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks one value against a type; answers it normalised (a number for "3", true for "True", a parsed JSON...). */
export function checkInputValue(dataType: ModelInputType, value: unknown): Checked {
  switch (dataType) {
    case 'boolean': {
      if (typeof value === 'boolean') return good(value);
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
        return good(value.trim().toLowerCase() === 'true');
      return bad('model.notBoolean');
    }
    case 'integer': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isSafeInteger(n) ? good(n) : bad('model.notInteger');
    }
    case 'float': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? good(n) : bad('model.notFloat');
    }
    case 'string':
      return typeof value === 'string' && value.length > 0 ? good(value) : bad('model.notText');
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? good(value.trim()) : bad('model.notDate');
    case 'dictionary': {
      const parsed = parseJson(value);
      return isPlainObject(parsed) && Object.keys(parsed).length > 0 ? good(parsed) : bad('model.notDictionary');
    }
    case 'list': {
      const parsed = parseJson(value);
      return Array.isArray(parsed) ? good(parsed) : bad('model.notList');
    }
    case 'dataframe':
      return typeof value === 'string' && ID_PATTERN.test(value) ? good(value) : bad('model.notDataset');
  }
}

const sameOption = (a: unknown, b: unknown) => a === b || String(a) === String(b);

/** A select input's value (or each value of a list) must be one of its options. */
function checkOptions(input: ModelInput, value: unknown): Checked {
  const options = input.options;
  if (!options?.length || input.dataType === 'dataframe') return good(value);
  const values = input.dataType === 'list' && Array.isArray(value) ? value : [value];
  const picked = values.map((v) => options.find((o) => sameOption(o, v)));
  if (picked.some((p) => p === undefined)) return bad('model.notAnOption');
  return good(input.dataType === 'list' ? picked : picked[0]);
}

/** Whether an input is ready to run (a type and a default; false and 0 count as values). */
export function inputProblem(input: Pick<ModelInput, 'dataType' | 'defaultValue'>): InputRuleCode | undefined {
  if (!input.dataType) return 'model.needsType';
  const d = input.defaultValue;
  if (d === undefined || d === null || d === '') return 'model.needsDefault';
  return undefined;
}

export interface CheckedRun {
  values: RunInputValue[];
  /** Per varName, what is wrong (empty when the run may go). */
  fields: Record<string, InputRuleCode>;
}

/**
 * The values of a run: each model input takes the given value, else its current value, else its default;
 * each is checked against its type and options. Unknown names are errors too.
 */
export function checkRunInputs(inputs: ModelInput[], given: Array<{ varName: string; value: unknown }>): CheckedRun {
  const fields: Record<string, InputRuleCode> = {};
  const byName = new Map(given.map((g) => [g.varName, g.value]));
  for (const name of byName.keys()) {
    if (!inputs.some((i) => i.varName === name)) fields[name] = 'model.unknownInput';
  }
  const values: RunInputValue[] = [];
  for (const input of inputs) {
    if (!input.dataType) {
      fields[input.varName] = 'model.needsType';
      continue;
    }
    const raw = byName.has(input.varName)
      ? byName.get(input.varName)
      : input.value !== undefined && input.value !== null
        ? input.value
        : input.defaultValue;
    if (raw === undefined || raw === null) {
      fields[input.varName] = 'model.needsDefault';
      continue;
    }
    const typed = checkInputValue(input.dataType, raw);
    const checked = typed.ok ? checkOptions(input, typed.value) : typed;
    if (checked.ok) values.push({ varName: input.varName, dataType: input.dataType, value: checked.value });
    else fields[input.varName] = checked.message;
  }
  return { values, fields };
}
