import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { optionFor, optionItems } from './inputStyle.ts';
import type { InputFieldProps } from './types.ts';

/** boolean (True/False), string with options, and dataframe (a dataset of the project): pick one. */
export function SelectOneField({ input, value, onChange, label, error, disabled, datasets }: InputFieldProps) {
  const { t } = useTranslation('models');
  if (input.dataType === 'boolean') {
    const data = [
      { value: 'true', label: t('inputs.true') },
      { value: 'false', label: t('inputs.false') },
    ];
    const current = value === true || value === 'true' ? 'true' : value === false || value === 'false' ? 'false' : null;
    return (
      <Select
        label={label}
        description={input.description || undefined}
        data={data}
        value={current}
        onChange={(v) => onChange(v === null ? null : v === 'true')}
        error={error}
        disabled={disabled}
        allowDeselect={false}
      />
    );
  }
  if (input.dataType === 'dataframe') {
    return (
      <Select
        label={label}
        description={input.description || undefined}
        data={datasets ?? []}
        value={typeof value === 'string' && value !== '' ? value : null}
        onChange={(v) => onChange(v)}
        nothingFoundMessage={t('inputs.noDatasets')}
        searchable
        error={error}
        disabled={disabled}
      />
    );
  }
  const data = optionItems(input.options);
  const text =
    value === null || value === undefined || value === ''
      ? null
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  return (
    <Select
      label={label}
      description={input.description || undefined}
      data={text !== null && !data.some((d) => d.value === text) ? [...data, { value: text, label: text }] : data}
      value={text}
      onChange={(v) => onChange(optionFor(input.options, v))}
      error={error}
      disabled={disabled}
    />
  );
}
