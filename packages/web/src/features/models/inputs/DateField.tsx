import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import type { InputFieldProps } from './types.ts';

/** date: a calendar, the value written YYYY-MM-DD. */
export function DateField({ input, value, onChange, label, error, disabled }: InputFieldProps) {
  return (
    <DateInput
      label={label}
      description={input.description || undefined}
      value={typeof value === 'string' && value !== '' ? value.slice(0, 10) : null}
      onChange={(d) => onChange(d)}
      valueFormat="YYYY-MM-DD"
      clearable
      error={error}
      disabled={disabled}
    />
  );
}
