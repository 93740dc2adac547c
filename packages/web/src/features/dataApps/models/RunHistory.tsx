import { ActionIcon, Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { Model, ModelRun } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelMutations } from '../../../api/models.ts';
import { historyOrder } from './modelInputs.ts';
import { RunInfoModal } from './RunInfoModal.tsx';
import { useModelAccess } from './useModelAccess.ts';

export const STATUS_COLORS: Record<ModelRun['status'], string> = {
  queued: 'gray',
  started: 'blue',
  finished: 'green',
  failed: 'red',
  cancelled: 'orange',
  expired: 'gray',
};

/**
 * The model history of the panel (spec 2 §2): the last 20 runs, favourites first, each with its status and a star;
 * a run opens its run-info modal. Without all-runs storage only the latest run's data is kept, which it says.
 */
export function RunHistory({ projectId, model, runs }: { projectId: string; model: Model; runs?: ModelRun[] }) {
  const { t, i18n } = useTranslation('dataApps');
  const access = useModelAccess();
  const { favourite } = useModelMutations(projectId, model._id);
  const [shown, setShown] = useState<string | null>(null);
  const list = historyOrder(runs ?? []);
  const open = list.find((r) => r._id === shown);
  return (
    <Stack gap="xs" data-testid="model-history">
      <Title order={5}>{t('modelBar.history')}</Title>
      {runs && list.length === 0 && <Text c="dimmed">{t('modelBar.neverRunPrompt')}</Text>}
      {model.resultStorage !== 'all' && list.length > 1 && (
        <Text size="sm" c="dimmed">
          {t('modelBar.noPreviousData')}
        </Text>
      )}
      {list.map((run) => (
        <Group key={run._id} gap="xs" wrap="nowrap" data-testid="model-run-row">
          {access.run && (
            <ActionIcon
              variant="subtle"
              color="yellow"
              aria-label={t('modelBar.favourite')}
              aria-pressed={run.favourite}
              onClick={() => favourite.mutate({ runId: run._id, favourite: !run.favourite })}
            >
              {run.favourite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
            </ActionIcon>
          )}
          <UnstyledButton onClick={() => setShown(run._id)} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate>
                {run.name || new Date(run.executionDatetime).toLocaleString(i18n.language)}
              </Text>
              <Badge color={STATUS_COLORS[run.status]} variant="light" style={{ flexShrink: 0 }}>
                {t(`models:status.${run.status}`)}
              </Badge>
            </Group>
          </UnstyledButton>
        </Group>
      ))}
      {open && <RunInfoModal projectId={projectId} model={model} run={open} onClose={() => setShown(null)} />}
    </Stack>
  );
}
