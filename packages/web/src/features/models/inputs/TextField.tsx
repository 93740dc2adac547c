import { TextInput } from '@mantine/core';
import type { InputFieldProps } from './types.ts';

/** string: a text input. */
export function TextField({ input, value, onChange, label, error, disabled }: InputFieldProps) {
  return (
    <TextInput
      label={label}
      description={input.description || undefined}
      value={typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      disabled={disabled}
    />
  );
}
