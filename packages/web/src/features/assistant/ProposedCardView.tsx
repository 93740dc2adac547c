import { Alert, Box, Button, Group, Loader, Text } from '@mantine/core';
import type { DataRow, ProposedCard } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProposedCardData } from '../../api/assistant.ts';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { ChartView } from '../charts/views.ts';
import { AddToDashboardModal } from './AddToDashboardModal.tsx';

/**
 * A card Mobi proposed, drawn with the real data (the same computation as the mapping editor's temporary data,
 * with the user's own permissions), and 'Add to dashboard' for those who may edit data apps.
 */
export function ProposedCardView({ card, projectId }: { card: ProposedCard; projectId: string }) {
  const { t } = useTranslation('assistant');
  const canRead = useProjectCan('dataset:view');
  const canAdd = useProjectCan('dashboard:edit');
  const data = useProposedCardData(projectId, card, canRead);
  const [adding, setAdding] = useState(false);

  return (
    <Box data-testid="assistant-card">
      <Text fw={600} size="sm" mb="xs">
        {card.title}
      </Text>
      {!canRead ? (
        <Text size="sm" c="dimmed">
          {t('card.noDatasetView')}
        </Text>
      ) : data.isPending ? (
        <Loader size="sm" aria-label={t('card.loading')} />
      ) : data.isError || data.data.error ? (
        <Alert color="red">{data.data?.error?.message ?? t('card.failed')}</Alert>
      ) : (
        <Box h={280} data-testid="chart-view">
          <ChartView
            label={card.title}
            vis={card.vis}
            data={(Array.isArray(data.data.data) ? data.data.data : []) as DataRow[]}
            series={data.data.series}
            features={data.data.features}
          />
        </Box>
      )}
      {canAdd ? (
        <Group justify="flex-end" mt="xs">
          <Button size="xs" variant="light" onClick={() => setAdding(true)}>
            {t('card.add')}
          </Button>
        </Group>
      ) : null}
      {adding ? <AddToDashboardModal card={card} projectId={projectId} onClose={() => setAdding(false)} /> : null}
    </Box>
  );
}
