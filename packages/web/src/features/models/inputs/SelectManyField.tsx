import { MultiSelect, TagsInput } from '@mantine/core';
import { optionFor, optionItems } from './inputStyle.ts';
import type { InputFieldProps } from './types.ts';

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** list: pick several of the options, or type the items when the input has no options. */
export function SelectManyField({ input, value, onChange, label, error, disabled }: InputFieldProps) {
  const values = Array.isArray(value) ? value.map(asText) : [];
  if (!input.options?.length) {
    return (
      <TagsInput
        label={label}
        description={input.description || undefined}
        value={values}
        onChange={(v) => onChange(v)}
        error={error}
        disabled={disabled}
      />
    );
  }
  return (
    <MultiSelect
      label={label}
      description={input.description || undefined}
      data={optionItems(input.options)}
      value={values}
      onChange={(v) => onChange(v.map((text) => optionFor(input.options, text)))}
      error={error}
      disabled={disabled}
    />
  );
}
