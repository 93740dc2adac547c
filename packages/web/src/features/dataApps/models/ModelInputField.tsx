import { JsonInput, MultiSelect, NumberInput, Select, TextInput } from '@mantine/core';
import type { ModelInput } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

interface Props {
  input: ModelInput;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The datasets a dataframe input chooses from (those the viewer may see). */
  datasets: ReadonlyArray<{ _id: string; name: string }>;
  error?: string;
  size?: 'xs' | 'sm';
  /** The bar shows inputs side by side without their descriptions. */
  compact?: boolean;
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
const options = (input: ModelInput) => (input.options ?? []).map((o) => ({ value: text(o), label: text(o) }));

/**
 * One model input as the model bar and panel show it (spec 3 §5 input styles): a number for integers and floats
 * (step 1 or 0.1), True/False for booleans, a select for select inputs, a select of datasets for dataframes
 * ('dataframe not found: {id}' when the chosen one is not among them), a date, JSON for dictionaries, text.
 */
export function ModelInputField({ input, value, onChange, datasets, error, size = 'xs', compact }: Props) {
  const { t } = useTranslation('dataApps');
  const common = {
    label: input.name,
    description: compact ? undefined : input.description || undefined,
    error,
    size,
    miw: compact ? 140 : undefined,
  };
  const type = input.dataType;
  if (type === 'integer' || type === 'float') {
    const step = Number((input.display.config as { step?: unknown }).step) || (type === 'integer' ? 1 : 0.1);
    return (
      <NumberInput
        {...common}
        step={step}
        allowDecimal={type === 'float'}
        value={typeof value === 'number' || typeof value === 'string' ? value : ''}
        onChange={(v) => onChange(v === '' ? null : v)}
      />
    );
  }
  if (type === 'boolean') {
    return (
      <Select
        {...common}
        data={[
          { value: 'true', label: t('modelBar.true') },
          { value: 'false', label: t('modelBar.false') },
        ]}
        value={value === null || value === undefined ? null : String(value).toLowerCase()}
        onChange={(v) => onChange(v === null ? null : v === 'true')}
      />
    );
  }
  if (type === 'dataframe') {
    const id = text(value);
    const missing = id !== '' && !datasets.some((d) => d._id === id);
    return (
      <Select
        {...common}
        data={datasets.map((d) => ({ value: d._id, label: d.name }))}
        value={missing ? null : id || null}
        placeholder={missing ? t('modelBar.dataframeNotFound', { id }) : undefined}
        error={error ?? (missing ? t('modelBar.dataframeNotFound', { id }) : undefined)}
        onChange={(v) => onChange(v)}
      />
    );
  }
  if (type === 'list') {
    return (
      <MultiSelect
        {...common}
        data={options(input)}
        value={Array.isArray(value) ? value.map(text) : []}
        onChange={(v) => onChange(v)}
      />
    );
  }
  if (input.display.inputType === 'selectOne' && input.options?.length) {
    return <Select {...common} data={options(input)} value={text(value) || null} onChange={(v) => onChange(v)} />;
  }
  if (type === 'dictionary') {
    return <JsonInput {...common} value={text(value)} onChange={(v) => onChange(v)} autosize minRows={2} />;
  }
  return (
    <TextInput
      {...common}
      type={type === 'date' ? 'date' : 'text'}
      value={type === 'date' ? text(value).slice(0, 10) : text(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
