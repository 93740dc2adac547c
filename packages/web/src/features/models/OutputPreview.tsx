import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { ModelOutputRef } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDataset, useDatasetPreviewRows } from '../../api/datasets.ts';
import { RowsTable } from '../../ui/RowsTable.tsx';

/** How many rows of each output the Outputs tab shows. */
export const OUTPUT_PREVIEW_ROWS = 10;

/** One output of a finished run: its name linked to the dataset, and the first rows that run wrote. */
export function OutputPreview({ projectId, output }: { projectId: string; output: ModelOutputRef }) {
  const { t } = useTranslation('models');
  const id = output.dataset._id;
  const dataset = useDataset(projectId, id);
  const rows = useDatasetPreviewRows(projectId, id, output.jobId, OUTPUT_PREVIEW_ROWS, !!dataset.data?.imported);
  const features = (dataset.data?.features ?? []).filter((f) => !f.hidden).sort((a, b) => a.listIndex - b.listIndex);
  const name = dataset.data?.name ?? output.name;
  return (
    <Stack gap={4} data-testid="output-preview">
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{name}</Text>
        <Anchor component={Link} to={`/projects/${projectId}/datasets/${id}/data`} size="sm">
          {t('outputPreview.open')}
        </Anchor>
      </Group>
      {rows.data && rows.data.count === 0 && <Text c="dimmed">{t('outputPreview.empty')}</Text>}
      {rows.data && rows.data.count > 0 && (
        <>
          <RowsTable features={features} rows={rows.data.list} label={name} compact />
          <Text size="xs" c="dimmed">
            {t('outputPreview.rows', { count: rows.data.count, shown: rows.data.list.length })}
          </Text>
        </>
      )}
    </Stack>
  );
}
