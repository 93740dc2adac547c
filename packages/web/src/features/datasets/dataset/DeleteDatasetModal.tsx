import { Anchor, List, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DatasetDetail, DatasetUses } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDatasetUses, useDeleteDataset } from '../../../api/datasets.ts';
import { TypedConfirmModal } from '../../../ui/TypedConfirmModal.tsx';
import { dashboardPath } from '../../canvas/index.ts';

interface Props {
  projectId: string;
  dataset: Pick<DatasetDetail, '_id' | 'name'>;
  onClose: () => void;
}

/**
 * Delete Dataset (dataset edit): the dataset's name must be typed to confirm, like Delete Project. The dialog
 * names what uses it: a joined dataset reading it refuses the delete (delete the joined dataset first); the cards
 * and models that use it stay and lose their data, which the dialog says before anything is deleted.
 */
export function DeleteDatasetModal({ projectId, dataset, onClose }: Props) {
  const { t } = useTranslation('datasets');
  const uses = useDatasetUses(projectId, dataset._id, true);
  const remove = useDeleteDataset(projectId);
  const navigate = useNavigate();
  const joined = uses.data?.datasets ?? [];
  return (
    <TypedConfirmModal
      opened
      onClose={onClose}
      title={t('delete.title')}
      message={uses.data ? <UsesList projectId={projectId} uses={uses.data} /> : <Loader size="xs" />}
      refusal={joined.length ? t('delete.usedByJoin', { names: joined.map((d) => d.name).join(', ') }) : undefined}
      expected={dataset.name}
      confirmLabel={t('delete.submit')}
      onConfirm={async () => {
        await remove.mutateAsync(dataset._id);
        notifications.show({ message: t('delete.done', { name: dataset.name }), color: 'green' });
        navigate(`/projects/${projectId}/datasets`);
      }}
    />
  );
}

function UsesList({ projectId, uses }: { projectId: string; uses: DatasetUses }) {
  const { t } = useTranslation('datasets');
  if (!uses.cards.length && !uses.models.length) return <>{t('delete.message')}</>;
  const dashboardLink = (card: DatasetUses['cards'][number]) =>
    dashboardPath({ kind: 'project', projectId }, card.dashboard);
  return (
    <Stack gap={6} component="span" data-testid="dataset-uses">
      <Text size="sm" component="span">
        {t('delete.consequence', { cards: uses.cards.length, models: uses.models.length })}
      </Text>
      <List size="sm" withPadding>
        {uses.cards.map((card) => (
          <List.Item key={card._id}>
            <Anchor component={Link} to={dashboardLink(card)} size="sm">
              {t('delete.card', { card: card.name || t('delete.untitled'), dashboard: card.dashboard.name })}
            </Anchor>
          </List.Item>
        ))}
        {uses.models.map((model) => (
          <List.Item key={model._id}>
            <Anchor component={Link} to={`/projects/${projectId}/models/${model._id}`} size="sm">
              {t('delete.model', { name: model.name })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
