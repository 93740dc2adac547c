import { Box, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { CustomSubtype, Unit, UnitType } from '@tessera/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CardBody } from '../cards/index.ts';
import type { PreviewData } from './usePreviewData.ts';

interface Props {
  unit: Unit;
  type: UnitType;
  subtype: CustomSubtype | null;
  preview: PreviewData;
  height?: number;
}

// Custom views carry ECharts (networks): loaded when a custom card is previewed.
const CustomCardView = lazy(() =>
  import('../cards/custom/CustomCardView.tsx').then((module) => ({ default: module.CustomCardView })),
);

/** A custom card's view as the mapping screen shows it: a subtype with no UI reads 'Not Mappable'. */
function CustomPreview({ unit, preview }: { unit: Unit; preview: PreviewData }) {
  const { ref, width, height } = useElementSize();
  const body = preview.card.body;
  return (
    <Box ref={ref} h="100%" data-testid="card-body" data-state={body.kind}>
      <Suspense fallback={null}>
        {width > 0 && (
          <CustomCardView
            unit={unit}
            data={body.kind === 'view' ? (body.data ?? null) : null}
            width={width}
            height={height}
            mappingScreen
          />
        )}
      </Suspense>
    </Box>
  );
}

/**
 * The live preview beside the buckets: the card as it will look, drawn from temporary data of the unsaved vis
 * (`POST /api/v1/units/data`). An empty mapping shows its chart type's hint, without the 'Click the
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
          {type === 'custom' && card.body.kind === 'view' ? (
            <CustomPreview unit={previewUnit} preview={preview} />
          ) : (
            <CardBody unit={previewUnit} card={card} h={undefined} showFinishHint={false} />
          )}
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
