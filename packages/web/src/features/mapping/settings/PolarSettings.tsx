import { SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import type { Axis, ChartVis } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { CHART_DEFAULTS, defaultRingRadii } from '../../charts/index.ts';
import type { AxisDisplay } from './AxisSettings.tsx';
import { NumberSetting } from './NumberSetting.tsx';
import {
  PIE_INNER_RADIUS_RANGE,
  PIE_OUTER_RADIUS_RANGE,
  RADAR_OUTER_RADIUS_RANGE,
  RADAR_START_ANGLE_RANGE,
  START_ANGLE_RANGE,
} from './ranges.ts';

/** Default radii of pie ring `index` of `count` (%): the renderer's (charts/rules.ts). */
export const defaultPieRadii = defaultRingRadii;

interface Props {
  vis: ChartVis;
  chartType: 'pie' | 'radar';
  /** The next dependent bucket: pie and radar settings live in the display of its axis entries. */
  onChange: (dependent: Axis[]) => void;
}

/**
 * Pie and radar settings (axis display, steps of 5, defaults). A pie draws one ring per dependent
 * axis entry, each with its radii, start angle and labels; a radar reads its outer radius and start angle from
 * the first dependent axis entry.
 */
export function PolarSettings({ vis, chartType, onChange }: Props) {
  const { t } = useTranslation('cardSettings');
  const axes = vis.dependent;
  if (axes.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('polar.empty')}
      </Text>
    );
  const set = (index: number, patch: Partial<AxisDisplay>) =>
    onChange(axes.map((axis, i) => (i === index ? { ...axis, display: { ...axis.display, ...patch } } : axis)));

  if (chartType === 'radar') {
    const display = axes[0].display ?? {};
    return (
      <SimpleGrid cols={2} spacing="xs">
        <NumberSetting
          label={t('polar.radarOuterRadius')}
          suffix="%"
          range={RADAR_OUTER_RADIUS_RANGE}
          value={display.radarOuterRadius}
          fallback={RADAR_OUTER_RADIUS_RANGE.default}
          onChange={(radarOuterRadius) => set(0, { radarOuterRadius })}
        />
        <NumberSetting
          label={t('polar.startAngle')}
          suffix="°"
          range={RADAR_START_ANGLE_RANGE}
          value={display.radarStartAngle}
          fallback={RADAR_START_ANGLE_RANGE.default}
          onChange={(radarStartAngle) => set(0, { radarStartAngle })}
        />
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="sm">
      {axes.map((axis, index) => {
        const display = axis.display ?? {};
        const radii = defaultPieRadii(index, axes.length);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rings are positional
          <Stack key={index} gap={4}>
            {axes.length > 1 && (
              <Text size="xs" fw={600}>
                {t('polar.ring', { number: index + 1 })}
              </Text>
            )}
            <SimpleGrid cols={3} spacing="xs">
              <NumberSetting
                label={t('polar.innerRadius')}
                suffix="%"
                range={PIE_INNER_RADIUS_RANGE}
                value={display.innerRadius}
                fallback={radii.inner}
                onChange={(innerRadius) => set(index, { innerRadius })}
              />
              <NumberSetting
                label={t('polar.outerRadius')}
                suffix="%"
                range={PIE_OUTER_RADIUS_RANGE}
                value={display.outerRadius}
                fallback={radii.outer}
                onChange={(outerRadius) => set(index, { outerRadius })}
              />
              <NumberSetting
                label={t('polar.startAngle')}
                suffix="°"
                range={START_ANGLE_RANGE}
                value={display.startAngle}
                fallback={START_ANGLE_RANGE.default}
                onChange={(startAngle) => set(index, { startAngle })}
              />
            </SimpleGrid>
            <Switch
              size="xs"
              label={t('polar.pieHasLabels')}
              checked={display.pieHasLabels ?? CHART_DEFAULTS.pieHasLabels}
              onChange={(event) => set(index, { pieHasLabels: event.currentTarget.checked })}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
