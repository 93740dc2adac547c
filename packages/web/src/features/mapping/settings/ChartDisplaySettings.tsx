import { Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  type ChartType,
  type ChartVis,
  chartSeries,
  LEGEND_POSITIONS,
  LINE_FAMILY,
  STACK_OPTIONS,
} from '@tessera/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_DEFAULTS } from '../../charts/index.ts';
import { NumberSetting } from './NumberSetting.tsx';
import { BAR_CATEGORY_GAP_RANGE, BAR_GAP_RANGE, LEGEND_ITEM_GAP_RANGE } from './ranges.ts';

export type ChartDisplay = ChartVis['display'];

/** Legend on by default when more than one series or a group-by exists. */
export function defaultHasLegend(vis: ChartVis): boolean {
  const values = chartSeries(vis).filter((entry) => entry.bucket === 'dependent').length;
  return values > 1 || vis.groupBy.some((axis) => axis.series.length > 0);
}

/** Whether any series is drawn as bars (the chart's type, or a dependent series' own type). */
export const drawsBars = (vis: ChartVis, chartType: ChartType) =>
  chartType === 'bar' || vis.dependent.some((axis) => axis.series.some((series) => series.chartType === 'bar'));

interface Props {
  vis: ChartVis;
  chartType: ChartType;
  onChange: (patch: Partial<ChartDisplay>) => void;
}

/**
 * Chart-level display: tooltip, legend (position, item gap up to 50), animation, stacking,
 * bar spacing, the gradient's visual map, grid lines, and which axis carries the values of a bar chart.
 */
export function ChartDisplaySettings({ vis, chartType, onChange }: Props) {
  const { t } = useTranslation('cardSettings');
  const display = vis.display;
  const lineFamily = LINE_FAMILY.includes(chartType);
  const grids = lineFamily || chartType === 'boxplot';
  const bars = drawsBars(vis, chartType);
  const hasLegend = display.hasLegend ?? defaultHasLegend(vis);
  const toggle = (key: 'hasTooltip' | 'hasAnimation' | 'showVisualMap', fallback: boolean) => (
    <Switch
      size="xs"
      label={t(`chart.${key}`)}
      checked={display[key] ?? fallback}
      onChange={(event) => onChange({ [key]: event.currentTarget.checked })}
    />
  );
  const segmented = (
    label: string,
    value: string,
    data: Array<{ value: string; label: string }>,
    on: (v: string) => void,
  ): ReactNode => (
    <Stack gap={2}>
      <Text size="xs" fw={500}>
        {label}
      </Text>
      <SegmentedControl size="xs" aria-label={label} value={value} data={data} onChange={on} />
    </Stack>
  );
  return (
    <Stack gap="xs">
      {toggle('hasTooltip', true)}
      {toggle('hasAnimation', true)}
      <Switch
        size="xs"
        label={t('chart.hasLegend')}
        checked={hasLegend}
        onChange={(event) => onChange({ hasLegend: event.currentTarget.checked })}
      />
      {hasLegend && (
        <SimpleGrid cols={2} spacing="xs">
          <Select
            size="xs"
            label={t('chart.legendPosition')}
            allowDeselect={false}
            value={display.legendPosition ?? CHART_DEFAULTS.legendPosition}
            data={LEGEND_POSITIONS.map((value) => ({ value, label: t(`chart.positions.${value}`) }))}
            onChange={(value) => value && onChange({ legendPosition: value as (typeof LEGEND_POSITIONS)[number] })}
          />
          <NumberSetting
            label={t('chart.legendItemGap')}
            range={LEGEND_ITEM_GAP_RANGE}
            value={display.legendItemGap}
            fallback={LEGEND_ITEM_GAP_RANGE.default}
            onChange={(legendItemGap) => onChange({ legendItemGap })}
          />
        </SimpleGrid>
      )}
      {lineFamily &&
        segmented(
          t('chart.stackGroups'),
          display.stackGroups ?? 'none',
          STACK_OPTIONS.map((value) => ({ value, label: t(`chart.stacks.${value}`) })),
          (value) => onChange({ stackGroups: value as (typeof STACK_OPTIONS)[number] }),
        )}
      {bars && (
        <SimpleGrid cols={2} spacing="xs">
          <NumberSetting
            label={t('chart.barCategoryGap')}
            range={BAR_CATEGORY_GAP_RANGE}
            value={display.barCategoryGap}
            fallback={BAR_CATEGORY_GAP_RANGE.default}
            onChange={(barCategoryGap) => onChange({ barCategoryGap })}
          />
          <NumberSetting
            label={t('chart.barGap')}
            range={BAR_GAP_RANGE}
            value={display.barGap}
            fallback={BAR_GAP_RANGE.default}
            onChange={(barGap) => onChange({ barGap })}
          />
        </SimpleGrid>
      )}
      {chartType === 'bar' &&
        segmented(
          t('chart.dependentAxis'),
          display.dependentAxis ?? 'y',
          ['x', 'y'].map((value) => ({ value, label: t(`chart.axes.${value}`) })),
          (value) => onChange({ dependentAxis: value as 'x' | 'y' }),
        )}
      {vis.gradientDimension.length > 0 && toggle('showVisualMap', true)}
      {grids && (
        <Group gap="md">
          {(['horizontal', 'vertical'] as const).map((key) => (
            <Switch
              key={key}
              size="xs"
              label={t(`chart.grid.${key}`)}
              checked={display.grid?.[key] ?? CHART_DEFAULTS.grid[key]}
              onChange={(event) => onChange({ grid: { ...display.grid, [key]: event.currentTarget.checked } })}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}
