import { Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { DatasetDetail } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasetRows, useDatasets } from '../../../api/datasets.ts';
import { RowsTable } from '../../../ui/RowsTable.tsx';

/**
 * The Data tab: date created, the description, the join setup of a joined dataset and the rows,
 * 50 a page.
 */
export function DataTab({ projectId, dataset }: { projectId: string; dataset: DatasetDetail }) {
  const { t, i18n } = useTranslation('datasets');
  const [page, setPage] = useState(1);
  const rows = useDatasetRows(projectId, dataset._id, page, dataset.imported);
  const features = dataset.features.filter((f) => !f.hidden).sort((a, b) => a.listIndex - b.listIndex);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('data.created', { date: new Date(dataset.timeCreated).toLocaleString(i18n.language) })}
      </Text>
      {dataset.description && <Text>{dataset.description}</Text>}
      {dataset.type === 'joined' && <JoinSetup projectId={projectId} dataset={dataset} />}
      {!dataset.imported ? (
        <Text c="dimmed">{t('data.notImported')}</Text>
      ) : !rows.data ? (
        <Center py="lg">
          <Loader aria-label={t('page.loading')} />
        </Center>
      ) : (
        <>
          <RowsTable features={features} rows={rows.data.list} />
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('data.rows', { count: rows.data.count })}
            </Text>
            <Pagination total={rows.data.pages.total} value={page} onChange={setPage} />
          </Group>
        </>
      )}
    </Stack>
  );
}

function JoinSetup({ projectId, dataset }: { projectId: string; dataset: DatasetDetail }) {
  const { t } = useTranslation('datasets');
  const datasets = useDatasets(projectId);
  const join = dataset.source.join;
  if (!join) return null;
  const nameOf = (id: string) => datasets.data?.find((d) => d._id === id)?.name ?? id;
  return (
    <Text size="sm">
      {t('data.joinSetup', {
        left: nameOf(join[0]._id),
        right: nameOf(join[1]._id),
        type: t(`joined.types.${join[0].type}`),
        pairs: join[0].on.length,
      })}
    </Text>
  );
}
