import { Badge, Center, Group, Image, Stack, Text } from '@mantine/core';
import { formatNumber, type UnitData, type Vis } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { kpiChange, kpiSeriesOf, kpiValue, safeImageUrl, textOf } from './customVis.ts';

interface Props {
  vis: Vis;
  data: UnitData | null;
  height: number | undefined;
}

/** A KPI number with its unit of measure, or a dash while there is no value. */
function Value({ value, unit, size }: { value: number | null; unit?: string; size: number }) {
  const { i18n } = useTranslation();
  return (
    <Text fw={700} fz={size} lh={1.1} ta="center">
      {value === null ? '–' : formatNumber(value, i18n.language)}
      {value !== null && unit ? ` ${unit}` : ''}
    </Text>
  );
}

/** An image KPI: an https image (others are not loaded) beside the first KPI's value and label. */
export function ImageKpiView({ vis, data, height }: Props) {
  const { t } = useTranslation('cardSettings');
  const [series] = kpiSeriesOf(vis);
  const url = safeImageUrl(textOf(vis, 'imageUrl'));
  const small = height !== undefined && height < 300;
  return (
    <Center h="100%" p="sm">
      <Group gap="md" wrap="nowrap" justify="center">
        {url ? (
          <Image src={url} alt={t('custom.imageAlt')} maw={small ? 64 : 160} mah={small ? 64 : 160} fit="contain" />
        ) : (
          <Text size="xs" c="dimmed">
            {t('custom.noImage')}
          </Text>
        )}
        <Stack gap={2} align="center">
          <Value value={kpiValue(data, series)} unit={series?.unitOfMeasure} size={small ? 24 : 40} />
          {series?.label && (
            <Text size="sm" c="dimmed">
              {series.label}
            </Text>
          )}
        </Stack>
      </Group>
    </Center>
  );
}

/** A comparison KPI: the current value, the one it is compared with, and the change (difference and percent). */
export function ComparisonKpiView({ vis, data, height }: Props) {
  const { t, i18n } = useTranslation('cardSettings');
  const [currentSeries, previousSeries] = kpiSeriesOf(vis);
  const current = kpiValue(data, currentSeries);
  const previous = kpiValue(data, previousSeries);
  const change = current !== null && previous !== null ? kpiChange(current, previous) : null;
  const small = height !== undefined && height < 300;
  const signed = (n: number, text: string) => (n > 0 ? `+${text}` : text);
  return (
    <Center h="100%" p="sm">
      <Stack gap={4} align="center">
        <Value value={current} unit={currentSeries?.unitOfMeasure} size={small ? 28 : 44} />
        {currentSeries?.label && (
          <Text size="sm" c="dimmed">
            {currentSeries.label}
          </Text>
        )}
        {change && (
          <Badge
            data-testid="kpi-change"
            variant="light"
            size="lg"
            color={change.difference > 0 ? 'teal' : change.difference < 0 ? 'red' : 'gray'}
          >
            {signed(change.difference, formatNumber(change.difference, i18n.language))}
            {change.percent !== null && ` (${signed(change.percent, formatNumber(change.percent, i18n.language))} %)`}
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {t('custom.comparedWith', {
            value: previous === null ? '–' : formatNumber(previous, i18n.language),
            label: previousSeries?.label ?? '',
          })}
        </Text>
      </Stack>
    </Center>
  );
}
