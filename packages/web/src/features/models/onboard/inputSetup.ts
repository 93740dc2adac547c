import { INPUT_STYLES, inputProblem, type ModelInput, type ModelInputType } from '@tessera/shared';

/** Configure Inputs' rules (Model input): pure, tested beside. */

/** The default config of an input style: integer steps 1, float 0.1. */
export function defaultConfig(dataType: ModelInputType): Record<string, unknown> {
  if (dataType === 'integer') return { step: 1 };
  if (dataType === 'float') return { step: 0.1 };
  return {};
}

/** Changing an input's type resets its default and value and sets the display defaults. */
export function changeType(input: ModelInput, dataType: ModelInputType): ModelInput {
  return {
    ...input,
    dataType,
    defaultValue: null,
    value: null,
    display: {
      modelBar: false,
      modelPanel: 'primary',
      inputType: INPUT_STYLES[dataType][0] ?? '',
      config: defaultConfig(dataType),
    },
  };
}

/** Another allowed input style for the input's type (a style not allowed leaves the input as it was). */
export function changeStyle(input: ModelInput, style: string): ModelInput {
  if (!input.dataType || !INPUT_STYLES[input.dataType].includes(style)) return input;
  return { ...input, display: { ...input.display, inputType: style } };
}

/** Step 2 is complete when every input has a type and a default (false and 0 count). */
export const inputsComplete = (inputs: ModelInput[]) => inputs.every((i) => !inputProblem(i));

/** Options typed as text, one per line (a number type keeps numbers). */
export function parseOptions(text: string, dataType: ModelInputType | null): unknown[] {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return dataType === 'integer' || dataType === 'float' ? lines.map(Number) : lines;
}

/** Which step the wizard opens at: source (no model yet), inputs (not complete), else outputs. */
export function firstStep(model: { inputs: ModelInput[] } | undefined): 0 | 1 | 2 {
  if (!model) return 0;
  return inputsComplete(model.inputs) ? 2 : 1;
}
