import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { CHART_TYPES, type ChartType, changeChartType, type Vis } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  vis: Vis;
  setVis: (next: Vis) => void;
}

/**
 * The chart type picker (area, line, scatter, bar, pie, radar, boxplot). Within the line family the mapping
 * stays; any other change with series mapped asks 'Discard chart setup?' (Cancel or Start from Scratch) and
 * then keeps only the filters.
 */
export function ChartTypePicker({ vis, setVis }: Props) {
  const { t } = useTranslation('mapping');
  const [pending, setPending] = useState<Vis | null>(null);
  const current = (vis.chartType as ChartType | undefined) ?? 'area';

  const choose = (chartType: string) => {
    const change = changeChartType(vis, chartType as ChartType);
    if (change.needsConfirm) setPending(change.vis);
    else setVis(change.vis);
  };

  return (
    <>
      <Stack gap={4}>
        <Text size="xs" fw={600} tt="uppercase" c="dimmed" id="mapping-chart-type">
          {t('chartType')}
        </Text>
        <SegmentedControl
          aria-labelledby="mapping-chart-type"
          data-testid="chart-type-picker"
          size="xs"
          value={current}
          onChange={choose}
          data={CHART_TYPES.map((type) => ({ value: type, label: t(`cardSettings:chartTypes.${type}`) }))}
        />
      </Stack>
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('discard.title')} centered>
        <Stack>
          <Text size="sm">{t('discard.message')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              {t('discard.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                if (pending) setVis(pending);
                setPending(null);
              }}
            >
              {t('discard.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
