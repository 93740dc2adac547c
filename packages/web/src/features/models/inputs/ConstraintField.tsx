import { Checkbox, Group, Input, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InputFieldProps } from './types.ts';

/** One option of a constraint: its min, max and whether it is disabled. */
export interface Constraint {
  min: number | null;
  max: number | null;
  disabled: boolean;
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A dictionary value read as constraints, one per key. */
export function asConstraints(value: unknown): Record<string, Constraint> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, raw]) => {
      const c = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      return [key, { min: num(c.min), max: num(c.max), disabled: c.disabled === true }];
    }),
  );
}

/** dictionary as constraint: per option a min, a max and a disabled switch. */
export function ConstraintField({ input, value, onChange, label, error, disabled }: InputFieldProps) {
  const { t } = useTranslation('models');
  const constraints = asConstraints(value);
  const set = (key: string, patch: Partial<Constraint>) =>
    onChange({ ...constraints, [key]: { ...constraints[key], ...patch } });
  const keys = Object.keys(constraints);
  return (
    <Input.Wrapper label={label} description={input.description || undefined} error={error}>
      <Stack gap={4} mt={4}>
        {keys.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('inputs.noConstraints')}
          </Text>
        )}
        {keys.map((key) => {
          const c = constraints[key] as Constraint;
          const n = (v: string | number) => (v === '' ? null : Number(v));
          return (
            <Group key={key} gap="xs" wrap="nowrap" align="flex-end">
              <Text size="sm" w={100} truncate title={key}>
                {key}
              </Text>
              <NumberInput
                size="xs"
                aria-label={`${key} ${t('inputs.min')}`}
                placeholder={t('inputs.min')}
                value={c.min ?? ''}
                onChange={(v) => set(key, { min: n(v) })}
                disabled={disabled || c.disabled}
                max={c.max ?? undefined}
              />
              <NumberInput
                size="xs"
                aria-label={`${key} ${t('inputs.max')}`}
                placeholder={t('inputs.max')}
                value={c.max ?? ''}
                onChange={(v) => set(key, { max: n(v) })}
                disabled={disabled || c.disabled}
                min={c.min ?? undefined}
              />
              <Checkbox
                size="xs"
                label={t('inputs.disabled')}
                checked={c.disabled}
                onChange={(e) => set(key, { disabled: e.currentTarget.checked })}
                disabled={disabled}
              />
            </Group>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
