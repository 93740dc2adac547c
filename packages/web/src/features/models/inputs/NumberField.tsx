import { NumberInput } from '@mantine/core';
import { numberBounds, numberStep } from './inputStyle.ts';
import type { InputFieldProps } from './types.ts';

/** integer and float: a number input, step 1 or 0.1. */
export function NumberField({ input, value, onChange, label, error, disabled }: InputFieldProps) {
  const step = numberStep(input.dataType, input.display.config);
  const { min, max } = numberBounds(input.display.config);
  return (
    <NumberInput
      label={label}
      description={input.description || undefined}
      value={typeof value === 'number' || typeof value === 'string' ? value : ''}
      onChange={(v) => onChange(v === '' ? null : typeof v === 'number' ? v : Number(v))}
      step={step}
      min={min}
      max={max}
      allowDecimal={input.dataType !== 'integer'}
      decimalScale={input.dataType === 'integer' ? 0 : undefined}
      error={error}
      disabled={disabled}
    />
  );
}
