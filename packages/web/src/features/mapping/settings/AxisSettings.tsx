import { NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { AXIS_BOUND_TYPES, AXIS_SCALES, type Axis } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { CHART_DEFAULTS } from '../../charts/index.ts';

export type AxisDisplay = NonNullable<Axis['display']>;
type BoolKey = 'hasTitle' | 'hasLabels' | 'slant' | 'reversed' | 'zoomVisible';

interface Props {
  axis: Axis;
  /** Number axes also offer fixed bounds and a log scale. */
  numeric: boolean;
  onChange: (next: Axis) => void;
}

/** Defaults of an axis entry's display while nothing is stored: the renderer's (charts/rules.ts). */
const BOOL_DEFAULTS: Record<BoolKey, boolean> = CHART_DEFAULTS.axis;

/**
 * The settings of one axis entry (axis entry, options): title and whether it shows, labels, label
 * slant, bounds (auto, data or fixed, with a value when fixed), scale, direction, side and the zoom bar.
 */
export function AxisSettings({ axis, numeric, onChange }: Props) {
  const { t } = useTranslation('cardSettings');
  const display: AxisDisplay = axis.display ?? {};
  const set = (patch: Partial<AxisDisplay>) => onChange({ ...axis, display: { ...display, ...patch } });
  const flag = (key: BoolKey) => (
    <Switch
      size="xs"
      label={t(`axis.${key}`)}
      checked={display[key] ?? BOOL_DEFAULTS[key]}
      onChange={(event) => set({ [key]: event.currentTarget.checked })}
    />
  );
  const bound = (side: 'Min' | 'Max') => {
    const type = display[`type${side}`] ?? 'auto';
    const value = display[`value${side}`];
    return (
      <SimpleGrid cols={2} spacing="xs">
        <Select
          size="xs"
          label={t(`axis.type${side}`)}
          allowDeselect={false}
          value={type}
          data={AXIS_BOUND_TYPES.map((value) => ({ value, label: t(`axis.bounds.${value}`) }))}
          onChange={(next) => next && set({ [`type${side}`]: next })}
        />
        {type === 'fixed' && (
          <NumberInput
            size="xs"
            label={t(`axis.value${side}`)}
            value={value ?? ''}
            onChange={(next) => set({ [`value${side}`]: typeof next === 'number' ? next : null })}
          />
        )}
      </SimpleGrid>
    );
  };
  return (
    <Stack gap="xs">
      {flag('hasTitle')}
      <TextInput
        size="xs"
        label={t('axis.title')}
        maxLength={200}
        disabled={!(display.hasTitle ?? BOOL_DEFAULTS.hasTitle)}
        value={axis.title ?? ''}
        onChange={(event) => onChange({ ...axis, title: event.currentTarget.value })}
      />
      {flag('hasLabels')}
      {flag('slant')}
      {numeric && bound('Min')}
      {numeric && bound('Max')}
      {numeric && (
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            {t('axis.scale')}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label={t('axis.scale')}
            value={display.scale ?? 'linear'}
            data={AXIS_SCALES.map((value) => ({ value, label: t(`axis.scales.${value}`) }))}
            onChange={(scale) => set({ scale: scale as AxisDisplay['scale'] })}
          />
        </Stack>
      )}
      <Stack gap={2}>
        <Text size="xs" fw={500}>
          {t('axis.orientation')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-label={t('axis.orientation')}
          value={display.orientation ?? 'normal'}
          data={(['normal', 'opposite'] as const).map((value) => ({ value, label: t(`axis.orientations.${value}`) }))}
          onChange={(orientation) => set({ orientation: orientation as AxisDisplay['orientation'] })}
        />
      </Stack>
      {flag('reversed')}
      {flag('zoomVisible')}
    </Stack>
  );
}
