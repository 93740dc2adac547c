import { checkInputValue, type InputRuleCode, type Model, type ModelInput, type ModelRun } from '@tessera/shared';

/**
 * The inputs of a model as the dashboard shows them: where
 * each appears (the bar: display.modelBar; the panel: primary, secondary under Advanced settings, or hidden),
 * the values a viewer edits before a run, and what a run sends.
 */

export type InputValues = Record<string, unknown>;

/** A value as the model states it: its current value, else its default. */
export const startingValue = (input: ModelInput): unknown => input.value ?? input.defaultValue ?? null;

export const initialValues = (model: Pick<Model, 'inputs'>): InputValues =>
  Object.fromEntries(model.inputs.map((i) => [i.varName, startingValue(i)]));

export const barInputs = (model: Pick<Model, 'inputs'>): ModelInput[] => model.inputs.filter((i) => i.display.modelBar);

export const panelInputs = (model: Pick<Model, 'inputs'>, where: 'primary' | 'secondary'): ModelInput[] =>
  model.inputs.filter((i) => i.display.modelPanel === where);

/** Whether a value is empty (not sent: the model's own value or default applies). */
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/**
 * What a run sends: every input with a value (checked like the server does); `problems` names the inputs whose
 * value does not suit their type, and nothing is sent while there are some.
 */
export function runRequest(
  model: Pick<Model, 'inputs'>,
  values: InputValues,
): { inputs: Array<{ varName: string; value: unknown }>; problems: Record<string, InputRuleCode> } {
  const inputs: Array<{ varName: string; value: unknown }> = [];
  const problems: Record<string, InputRuleCode> = {};
  for (const input of model.inputs) {
    const value = values[input.varName];
    if (isEmpty(value) || !input.dataType) continue;
    const checked = checkInputValue(input.dataType, value);
    if (checked.ok) inputs.push({ varName: input.varName, value: checked.value });
    else problems[input.varName] = checked.message;
  }
  return { inputs, problems };
}

/** The values a run was made with, to show in its Inputs tab or to load back into the inputs. */
export const runValues = (run: Pick<ModelRun, 'inputs'>): InputValues =>
  Object.fromEntries(run.inputs.map((i) => [i.varName, i.value]));

/**
 * What the bar and panel show before the viewer types: the inputs of the run whose outputs the cards display
 * (an input the run did not get keeps the model's value or default); the model's own values when none ran.
 */
export const shownValues = (model: Pick<Model, 'inputs'>, shown: Pick<ModelRun, 'inputs'> | undefined): InputValues =>
  shown ? { ...initialValues(model), ...runValues(shown) } : initialValues(model);

/** The latest run still going (queued or started), if any: what Cancel Run stops. */
export const activeRun = (runs: readonly ModelRun[]): ModelRun | undefined =>
  runs.find((r) => r.status === 'queued' || r.status === 'started');

/** Favourites first, then newest first (the history as the panel lists it). */
export const historyOrder = (runs: readonly ModelRun[]): ModelRun[] =>
  [...runs].sort(
    (a, b) =>
      Number(b.favourite) - Number(a.favourite) ||
      b.executionDatetime.localeCompare(a.executionDatetime) ||
      b._id.localeCompare(a._id),
  );

/** The models whose outputs a dataset is, by dataset id (a card's model icon). */
export function modelsByDataset(models: readonly Model[]): Map<string, Model> {
  const found = new Map<string, Model>();
  for (const model of models) for (const o of model.outputs) found.set(o.dataset._id, model);
  return found;
}

/** How a run is named in the history and on cards: its name, else when it was started, in local time. */
export const runLabel = (run: Pick<ModelRun, 'name' | 'executionDatetime'>, language: string): string =>
  run.name || new Date(run.executionDatetime).toLocaleString(language);
