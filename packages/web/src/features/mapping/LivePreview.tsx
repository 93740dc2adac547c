import { Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { CustomSubtype, Unit, UnitType } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { CardBody } from '../cards/CardBody.tsx';
import type { PreviewData } from './usePreviewData.ts';

interface Props {
  unit: Unit;
  type: UnitType;
  subtype: CustomSubtype | null;
  preview: PreviewData;
  height?: number;
}

/**
 * The live preview beside the buckets: the card as it will look, drawn from temporary data of the unsaved vis
 * (`POST /api/v1/units/data`). An empty mapping shows its chart type's hint (spec 2 §8), without the 'Click the
 * edit button' line the dashboard adds.
 */
export function LivePreview({ unit, type, subtype, preview, height = 360 }: Props) {
  const { t } = useTranslation('mapping');
  const { card, drawVis } = preview;
  const previewUnit: Unit = { ...unit, type, subtype, vis: drawVis };
  return (
    <Stack gap={4}>
      <Group justify="space-between" h={20}>
        <Text size="xs" fw={600} tt="uppercase" c="dimmed">
          {t('preview.title')}
        </Text>
        {card.fetching && <Loader size="xs" aria-label={t('preview.loading')} />}
      </Group>
      <Paper withBorder radius="md" p="xs" data-testid="mapping-preview" data-fetching={card.fetching}>
        <Box h={height}>
          <CardBody unit={previewUnit} card={card} h={undefined} showFinishHint={false} />
        </Box>
      </Paper>
    </Stack>
  );
}

/** The distinct group values of a chart answer (its group-by series' column), for per-group colours. */
export function groupValues(preview: PreviewData, groupSeriesId: string | undefined): string[] {
  const rows = preview.card.data?.data;
  if (!groupSeriesId || !Array.isArray(rows)) return [];
  const seen = new Set<string>();
  for (const row of rows) {
    const value = row[groupSeriesId];
    if (value !== null && value !== undefined) seen.add(String(value));
    if (seen.size >= 100) break;
  }
  return [...seen];
}
