import { Box, Stack, Text } from '@mantine/core';
import type { DataRow, SeriesMeta, Unit, UnitData } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatValue } from '../../canvas/index.ts';
import { kpiLayout, kpiValueSize } from './kpiLayout.ts';

interface KpiSeries {
  id: string;
  label?: string;
  unitOfMeasure?: string;
  operation?: string;
  feature?: { _id?: string };
}

interface Props {
  unit: Unit;
  data: UnitData;
  /** The body's size in pixels. */
  width: number;
  height: number;
}

const VALUE_SIZE = { small: 22, regular: 36 } as const;

/** A KPI's label: the one given in the mapping, else its feature's name and operation ("amount (sum)"). */
export function kpiLabel(series: KpiSeries, data: UnitData, t: TFunction): string {
  if (series.label) return series.label;
  const featureName = data.features.find((f) => f._id === series.feature?._id)?.name ?? '';
  const meta = data.series.find((s) => s.id === series.id);
  const operation = series.operation || meta?.operation;
  if (!operation) return featureName || meta?.label || '';
  return t('cards:kpi.label', { feature: featureName, operation: t(`cards:operations.${operation}`) });
}

/**
 * A KPI card (KPI vis, KPI layout): each KPI's value, formatted, under its label with its unit of
 * measure. The KPIs sit side by side, or stacked when the card is narrow; a card under 300 px high uses the
 * smallest text.
 */
export function KpiView({ unit, data, width, height }: Props) {
  const { t, i18n } = useTranslation('cards');
  const kpis = ((unit.vis as { kpi?: KpiSeries[] }).kpi ?? []).filter((series) => typeof series?.id === 'string');
  const layout = kpiLayout(width, height, kpis.length);
  const row = (Array.isArray(data.data) ? (data.data[0] ?? {}) : data.data) as DataRow;
  const metaOf = (id: string): SeriesMeta | undefined => data.series.find((s) => s.id === id);
  const shown = kpis.map((series) => {
    const meta = metaOf(series.id);
    const feature = data.features.find((f) => f._id === (meta?.featureId ?? series.feature?._id));
    return { series, value: formatValue(row[series.id], meta, feature, i18n.language) };
  });
  const longest = Math.max(...shown.map(({ series, value }) => value.length + (series.unitOfMeasure?.length ?? 0)));
  const valueSize = kpiValueSize(layout, width, kpis.length, longest, VALUE_SIZE[layout.size]);

  return (
    <Box
      data-testid="kpi-view"
      data-layout={layout.narrow ? 'narrow' : 'wide'}
      data-size={layout.size}
      h="100%"
      p="xs"
      style={{
        display: 'flex',
        flexDirection: layout.narrow ? 'column' : 'row',
        alignItems: 'center',
        justifyContent: 'space-evenly',
        gap: 8,
      }}
    >
      {shown.map(({ series, value }) => {
        return (
          <Stack key={series.id} gap={2} align="center" miw={0} maw="100%" data-testid={`kpi-${series.id}`}>
            <Text size={layout.size === 'small' ? 'xs' : 'sm'} c="dimmed" ta="center" lineClamp={2}>
              {kpiLabel(series, data, t)}
            </Text>
            <Text
              fw={700}
              fz={valueSize}
              lh={1.1}
              ta="center"
              style={{ overflowWrap: 'anywhere' }}
              data-testid="kpi-value"
            >
              {value}
              {series.unitOfMeasure ? (
                <Text span fz={layout.size === 'small' ? 'sm' : 'lg'} fw={500} c="dimmed" ml={4}>
                  {series.unitOfMeasure}
                </Text>
              ) : null}
            </Text>
          </Stack>
        );
      })}
    </Box>
  );
}
