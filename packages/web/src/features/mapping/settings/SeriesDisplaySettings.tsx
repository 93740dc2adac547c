import { SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { type ChartType, LINE_STYLES, LINE_TYPES, type Series } from '@tessera/shared';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { DotsDefaultContext } from './dotsDefault.ts';
import { NumberSetting } from './NumberSetting.tsx';
import {
  DOT_SIZE_RANGE,
  FILL_OPACITY_DEFAULTS,
  FILL_OPACITY_RANGE,
  LINE_WIDTH_RANGE,
  seriesDisplayFields,
} from './ranges.ts';

export type SeriesDisplay = NonNullable<Series['display']>;

interface Props {
  display: SeriesDisplay;
  /** The type the series is drawn as (its own, else the chart's): it decides which settings apply. */
  drawnAs: ChartType;
  onChange: (patch: Partial<SeriesDisplay>) => void;
}

/**
 * How one series is drawn (series display, ranges): dots and their labels (labels are disabled while
 * dots are off), dot size, line type, style and width, and fill opacity, each shown only where it applies.
 */
export function SeriesDisplaySettings({ display, drawnAs, onChange }: Props) {
  const { t } = useTranslation('cardSettings');
  const fields = seriesDisplayFields(drawnAs);
  // Scatter series are all dots; elsewhere dots follow the renderer's row-count rule until set.
  const dotsByDefault = useContext(DotsDefaultContext);
  const hasDot = fields.dots ? (display.hasDot ?? dotsByDefault) : true;
  const segmented = (label: string, value: string, options: readonly string[], key: 'lineType' | 'lineStyle') => (
    <Stack gap={2}>
      <Text size="xs" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={label}
        value={value}
        data={options.map((option) => ({ value: option, label: t(`series.${key}s.${option}`) }))}
        onChange={(next) => onChange({ [key]: next } as Partial<SeriesDisplay>)}
      />
    </Stack>
  );
  return (
    <Stack gap="xs">
      {fields.dots && (
        <Switch
          size="xs"
          label={t('series.hasDot')}
          checked={hasDot}
          onChange={(event) => onChange({ hasDot: event.currentTarget.checked })}
        />
      )}
      {fields.dotLabel && (
        <Switch
          size="xs"
          label={t('series.dotHasLabel')}
          disabled={!hasDot}
          checked={hasDot && (display.dotHasLabel ?? false)}
          onChange={(event) => onChange({ dotHasLabel: event.currentTarget.checked })}
        />
      )}
      <SimpleGrid cols={2} spacing="xs">
        {fields.dotSize && (
          <NumberSetting
            label={t('series.dotSize')}
            range={DOT_SIZE_RANGE}
            value={display.dotSize}
            fallback={DOT_SIZE_RANGE.default}
            disabled={!hasDot}
            onChange={(dotSize) => onChange({ dotSize })}
          />
        )}
        {fields.line && (
          <NumberSetting
            label={t('series.lineWidth')}
            range={LINE_WIDTH_RANGE}
            value={display.lineWidth}
            fallback={LINE_WIDTH_RANGE.default}
            onChange={(lineWidth) => onChange({ lineWidth })}
          />
        )}
        {fields.fill && (
          <NumberSetting
            label={t('series.fillOpacity')}
            range={FILL_OPACITY_RANGE}
            value={display.fillOpacity}
            fallback={FILL_OPACITY_DEFAULTS[drawnAs]}
            onChange={(fillOpacity) => onChange({ fillOpacity })}
          />
        )}
      </SimpleGrid>
      {fields.line && segmented(t('series.lineType'), display.lineType ?? 'linear', LINE_TYPES, 'lineType')}
      {fields.line && segmented(t('series.lineStyle'), display.lineStyle ?? 'solid', LINE_STYLES, 'lineStyle')}
    </Stack>
  );
}
