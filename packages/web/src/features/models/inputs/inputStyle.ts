import { INPUT_STYLES, type ModelInput, type ModelInputType } from '@tessera/shared';

/** The input style an input shows with: its display.inputType when allowed for its type, else the first. */
export function inputStyleOf(input: Pick<ModelInput, 'dataType' | 'display'>): string {
  if (!input.dataType) return 'text';
  const allowed = INPUT_STYLES[input.dataType];
  return allowed.includes(input.display.inputType) ? input.display.inputType : (allowed[0] ?? 'text');
}

/** Integer defaults step 1, float step 0.1; a config may set its own step. */
export function numberStep(dataType: ModelInputType | null, config: Record<string, unknown>): number {
  if (typeof config.step === 'number' && config.step > 0) return config.step;
  return dataType === 'integer' ? 1 : 0.1;
}

const asNumber = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The min and max a number config sets (undefined when absent). */
export function numberBounds(config: Record<string, unknown>): { min?: number; max?: number } {
  return { min: asNumber(config.min), max: asNumber(config.max) };
}

/** The choices a select shows: the input's options, as text labels. */
export function optionItems(options: readonly unknown[] | null): Array<{ value: string; label: string }> {
  return (options ?? []).map((o) => {
    const text = typeof o === 'string' ? o : JSON.stringify(o);
    return { value: text, label: text };
  });
}

/** The option a select's text stands for (so a numeric option stays a number). */
export function optionFor(options: readonly unknown[] | null, text: string | null): unknown {
  if (text === null) return null;
  return (options ?? []).find((o) => (typeof o === 'string' ? o : JSON.stringify(o)) === text) ?? text;
}

/** A JSON-able value shown as text (an object pretty-printed). */
export function asJsonText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
