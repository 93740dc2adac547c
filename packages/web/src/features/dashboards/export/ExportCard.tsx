import { Box, Paper, Text } from '@mantine/core';
import type { Unit } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { CardBody, useCardData } from '../../cards/index.ts';

/** A chart, KPI or custom card on paper: its name, then its body as the data app draws it (charts as SVG). */
export function ExportCard({ unit, h }: { unit: Unit; h: number }) {
  const { t } = useTranslation('dashboards');
  const card = useCardData(unit);
  return (
    <Paper withBorder radius="md" h="100%" style={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}>
      <Text fw={600} size="sm" px="xs" pt={6} pb={2} data-testid="export-card-title">
        {unit.name || t('card.untitled')}
      </Text>
      <Box flex={1} miw={0} mih={0}>
        {unit.type && <CardBody unit={unit} card={card} h={h} showFinishHint={false} />}
      </Box>
    </Paper>
  );
}
