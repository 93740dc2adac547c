import { ID_PATTERN } from '../http/ids.ts';
import { MODEL_MESSAGES, type ModelInputType } from './constants.ts';
import type { ModelInput, RunInputValue } from './entities.ts';

/** Model input rules: what a value of each type must be, pure, shared by the server and the web app. */

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

const good = (value: unknown): Checked => ({ ok: true, value });
const bad = (message: string): Checked => ({ ok: false, message });

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
      return bad(MODEL_MESSAGES.notBoolean);
    }
    case 'integer': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isSafeInteger(n) ? good(n) : bad(MODEL_MESSAGES.notInteger);
    }
    case 'float': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) ? good(n) : bad(MODEL_MESSAGES.notFloat);
    }
    case 'string':
      return typeof value === 'string' && value.length > 0 ? good(value) : bad(MODEL_MESSAGES.notText);
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? good(value.trim()) : bad(MODEL_MESSAGES.notDate);
    case 'dictionary': {
      const parsed = parseJson(value);
      return isPlainObject(parsed) && Object.keys(parsed).length > 0 ? good(parsed) : bad(MODEL_MESSAGES.notDictionary);
    }
    case 'list': {
      const parsed = parseJson(value);
      return Array.isArray(parsed) ? good(parsed) : bad(MODEL_MESSAGES.notList);
    }
    case 'dataframe':
      return typeof value === 'string' && ID_PATTERN.test(value) ? good(value) : bad(MODEL_MESSAGES.notDataset);
  }
}

const sameOption = (a: unknown, b: unknown) => a === b || String(a) === String(b);

/** A select input's value (or each value of a list) must be one of its options. */
function checkOptions(input: ModelInput, value: unknown): Checked {
  const options = input.options;
  if (!options?.length || input.dataType === 'dataframe') return good(value);
  const values = input.dataType === 'list' && Array.isArray(value) ? value : [value];
  const picked = values.map((v) => options.find((o) => sameOption(o, v)));
  if (picked.some((p) => p === undefined)) return bad(MODEL_MESSAGES.notAnOption);
  return good(input.dataType === 'list' ? picked : picked[0]);
}

/** Whether an input is ready to run (a type and a default; false and 0 count as values). */
export function inputProblem(input: Pick<ModelInput, 'dataType' | 'defaultValue'>): string | undefined {
  if (!input.dataType) return MODEL_MESSAGES.needsType;
  const d = input.defaultValue;
  if (d === undefined || d === null || d === '') return MODEL_MESSAGES.needsDefault;
  return undefined;
}

export interface CheckedRun {
  values: RunInputValue[];
  /** Per varName, what is wrong (empty when the run may go). */
  fields: Record<string, string>;
}

/**
 * The values of a run: each model input takes the given value, else its current value, else its default;
 * each is checked against its type and options. Unknown names are errors too.
 */
export function checkRunInputs(inputs: ModelInput[], given: Array<{ varName: string; value: unknown }>): CheckedRun {
  const fields: Record<string, string> = {};
  const byName = new Map(given.map((g) => [g.varName, g.value]));
  for (const name of byName.keys()) {
    if (!inputs.some((i) => i.varName === name)) fields[name] = MODEL_MESSAGES.unknownInput;
  }
  const values: RunInputValue[] = [];
  for (const input of inputs) {
    if (!input.dataType) {
      fields[input.varName] = MODEL_MESSAGES.needsType;
      continue;
    }
    const raw = byName.has(input.varName)
      ? byName.get(input.varName)
      : input.value !== undefined && input.value !== null
        ? input.value
        : input.defaultValue;
    if (raw === undefined || raw === null) {
      fields[input.varName] = MODEL_MESSAGES.needsDefault;
      continue;
    }
    const typed = checkInputValue(input.dataType, raw);
    const checked = typed.ok ? checkOptions(input, typed.value) : typed;
    if (checked.ok) values.push({ varName: input.varName, dataType: input.dataType, value: checked.value });
    else fields[input.varName] = checked.message;
  }
  return { values, fields };
}
