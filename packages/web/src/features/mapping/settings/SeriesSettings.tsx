import { Divider, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  applySeriesChartType,
  applySeriesDisplay,
  applySeriesOperation,
  type ChartBucket,
  type ChartType,
  type DatePrecision,
  type FeatureType,
  LINE_FAMILY,
  menuOperation,
  type Operation,
  operationChoices,
  type Series,
} from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { ColorField } from './ColorField.tsx';
import { NumberSetting } from './NumberSetting.tsx';
import { BIN_RANGE, MIXABLE_SERIES_TYPES, seriesDisplayFields } from './ranges.ts';
import { SeriesDisplaySettings } from './SeriesDisplaySettings.tsx';

export interface SeriesSettingsProps {
  series: Series;
  /** The type of the mapped feature: it decides the operation choices. */
  featureType: FeatureType;
  /** A date feature's precision: finer date parts are offered only when it allows them. */
  precision?: DatePrecision | null;
  /** The chart's main type (kpi and table cards: omit it, and no chart settings show). */
  chartType?: ChartType;
  /** Where the series is mapped: per-series chart types are offered on the dependent axis of line-family charts. */
  bucket?: ChartBucket | 'tooltip' | 'kpi';
  /** False where the bucket takes raw values (numbers: none and bin only). Default true. */
  aggregated?: boolean;
  /** The series colour (vis.colors.series[series.id]); the colour field shows only with `onColorChange`. */
  color?: string;
  /** The colour the series gets from the scale while none is stored (shown as the field's placeholder). */
  defaultColor?: string;
  onColorChange?: (color: string | null) => void;
  /** The next series, with the shared mapping rules applied (dots off turns the dot label off...). */
  onChange: (next: Series) => void;
}

/**
 * The settings of one mapped series (series entry): operation (by the feature's type; 'none' stored
 * as ''), bins, label, unit of measure, per-series chart type, colour, and how it is drawn.
 */
export function SeriesSettings({
  series,
  featureType,
  precision,
  chartType,
  bucket,
  aggregated = true,
  color,
  defaultColor,
  onColorChange,
  onChange,
}: SeriesSettingsProps) {
  const { t } = useTranslation('cardSettings');
  const choices = operationChoices(featureType, { precision, aggregated });
  const operation = menuOperation(series.operation);
  const mixable = chartType !== undefined && LINE_FAMILY.includes(chartType) && bucket === 'dependent';
  const drawnAs = series.chartType ?? chartType;
  const showDisplay =
    drawnAs !== undefined &&
    (bucket === undefined || bucket === 'dependent') &&
    Object.values(seriesDisplayFields(drawnAs)).some(Boolean);
  return (
    <Stack gap="xs">
      <Select
        size="xs"
        label={t('series.operation')}
        allowDeselect={false}
        value={operation}
        data={choices.map((choice) => ({ value: choice, label: t(`operations.${choice}`) }))}
        onChange={(next) => next && onChange(applySeriesOperation(series, next as Operation))}
      />
      {operation === 'bin' && (
        <NumberSetting
          label={t('series.numberOfBins')}
          range={BIN_RANGE}
          value={series.numberOfBins}
          fallback={BIN_RANGE.default}
          onChange={(numberOfBins) => onChange({ ...series, numberOfBins })}
        />
      )}
      <SimpleGrid cols={2} spacing="xs">
        <TextInput
          size="xs"
          label={t('series.label')}
          maxLength={200}
          value={series.label ?? ''}
          onChange={(event) => onChange({ ...series, label: event.currentTarget.value })}
        />
        <TextInput
          size="xs"
          label={t('series.unitOfMeasure')}
          maxLength={50}
          value={series.unitOfMeasure ?? ''}
          onChange={(event) => onChange({ ...series, unitOfMeasure: event.currentTarget.value })}
        />
      </SimpleGrid>
      {mixable && (
        <Select
          size="xs"
          label={t('series.chartType')}
          allowDeselect={false}
          value={drawnAs}
          data={MIXABLE_SERIES_TYPES.map((type) => ({ value: type, label: t(`chartTypes.${type}`) }))}
          onChange={(next) =>
            next && onChange(applySeriesChartType(series, next === chartType ? undefined : (next as ChartType)))
          }
        />
      )}
      {onColorChange && (
        <ColorField label={t('series.color')} value={color} placeholder={defaultColor} onChange={onColorChange} />
      )}
      {showDisplay && (
        <>
          <Divider label={t('series.display')} labelPosition="left" />
          <SeriesDisplaySettings
            display={series.display ?? {}}
            drawnAs={drawnAs as ChartType}
            onChange={(patch) => onChange(applySeriesDisplay(series, patch))}
          />
        </>
      )}
    </Stack>
  );
}
