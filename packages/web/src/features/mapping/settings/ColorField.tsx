import { ColorInput, ColorSwatch } from '@mantine/core';
import { HEX_COLOR_PATTERN } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  /** The stored colour; undefined when none is set (the scale's colour is used). */
  value: string | undefined;
  /** What the swatch shows while nothing is stored. */
  placeholder?: string;
  /** A valid hex colour, or null when the field is emptied (back to the scale's colour). */
  onChange: (color: string | null) => void;
}

/**
 * A colour typed as hex with optional alpha (#rgb, #rgba, #rrggbb, #rrggbbaa) or picked. Text that is
 * not such a colour shows an error and is not saved; the last valid colour stays stored.
 */
export function ColorField({ label, value, placeholder, onChange }: Props) {
  const { t } = useTranslation('cardSettings');
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const invalid = text !== '' && !HEX_COLOR_PATTERN.test(text);
  return (
    <ColorInput
      size="xs"
      label={label}
      format="hexa"
      value={text}
      placeholder={placeholder}
      // Invalid text stays visible with its error (nothing is saved) instead of silently reverting on blur.
      fixOnBlur={false}
      // While nothing is stored, the swatch shows the colour the card uses (the placeholder).
      leftSection={text === '' && placeholder ? <ColorSwatch color={placeholder} size={16} /> : undefined}
      error={invalid ? t('color.invalid') : undefined}
      onChange={(next) => {
        setText(next);
        if (next === '') onChange(null);
        else if (HEX_COLOR_PATTERN.test(next)) onChange(next);
      }}
    />
  );
}
