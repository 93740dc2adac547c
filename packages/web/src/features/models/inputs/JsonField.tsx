import { JsonInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { asJsonText } from './inputStyle.ts';
import type { InputFieldProps } from './types.ts';

/** dictionary as json: a JSON editor; the value becomes the parsed object once the text is valid JSON. */
export function JsonField({ input, value, onChange, label, error, disabled }: InputFieldProps) {
  const { t } = useTranslation('models');
  const [text, setText] = useState(() => asJsonText(value));
  const change = (next: string) => {
    setText(next);
    try {
      onChange(JSON.parse(next));
    } catch {
      onChange(next);
    }
  };
  return (
    <JsonInput
      label={label}
      description={input.description || undefined}
      value={text}
      onChange={change}
      validationError={t('inputs.invalidJson')}
      formatOnBlur
      minRows={4}
      error={error}
      disabled={disabled}
    />
  );
}
