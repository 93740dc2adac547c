import { NumberInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { NumberRange } from './ranges.ts';

interface Props {
  label: string;
  range: Pick<NumberRange, 'min' | 'max' | 'step'>;
  /** The stored value; undefined shows `fallback`. */
  value: number | undefined | null;
  fallback: number;
  disabled?: boolean;
  /** Shown after the number (a unit such as %). */
  suffix?: string;
  onChange: (value: number) => void;
}

/**
 * A bounded number input of the settings panels: the arrows and spinner move by the spec's step; typed text is
 * free while typing (so 10 can be typed where the minimum is 4) and clamped into the range on blur. Only numbers
 * inside the range reach `onChange`; an emptied field goes back to the stored value.
 */
export function NumberSetting({ label, range, value, fallback, disabled, suffix, onChange }: Props) {
  const current = value ?? fallback;
  const [text, setText] = useState<number | string>(current);
  useEffect(() => setText(current), [current]);
  const decimals = range.step < 1 ? String(range.step).split('.')[1]?.length : undefined;
  const inRange = (n: number) => Number.isFinite(n) && n >= range.min && n <= range.max;
  const settle = () => {
    const typed = typeof text === 'number' ? text : Number.parseFloat(text);
    if (!Number.isFinite(typed)) return setText(current);
    const clamped = Math.min(range.max, Math.max(range.min, typed));
    setText(clamped);
    if (clamped !== current) onChange(clamped);
  };
  return (
    <NumberInput
      size="xs"
      label={label}
      min={range.min}
      max={range.max}
      step={range.step}
      clampBehavior="none"
      allowDecimal={decimals !== undefined}
      decimalScale={decimals}
      allowNegative={range.min < 0}
      disabled={disabled}
      suffix={suffix}
      value={text}
      onBlur={settle}
      onChange={(next) => {
        setText(next);
        if (typeof next === 'number' && inRange(next)) onChange(next);
      }}
    />
  );
}
