import { ActionIcon, Badge, Button, Group, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconEye, IconEyeCheck, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { Model, ModelRun } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelMutations } from '../../../api/models.ts';
import { canSelectRun, useSelectedResults } from '../../canvas/index.ts';
import { historyOrder, runLabel } from './modelInputs.ts';
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
 * The model history of the panel: the last 20 runs, favourites first, each with its status and a star;
 * a run opens its run-info modal. Without all-runs storage only the latest run's data is kept, which it says;
 * with it, a finished run can be shown instead of the latest, on every card that
 * reads the model's outputs.
 */
export function RunHistory({ projectId, model, runs }: { projectId: string; model: Model; runs?: ModelRun[] }) {
  const { t, i18n } = useTranslation('dashboards');
  const access = useModelAccess();
  const { favourite } = useModelMutations(projectId, model._id);
  const [shown, setShown] = useState<string | null>(null);
  const list = historyOrder(runs ?? []);
  const open = list.find((r) => r._id === shown);
  const results = useSelectedResults();
  const selected = results.selected[model._id];
  return (
    <Stack gap="xs" data-testid="model-history">
      <Title order={5}>{t('modelBar.history')}</Title>
      {runs && list.length === 0 && <Text c="dimmed">{t('modelBar.neverRunPrompt')}</Text>}
      {model.resultStorage !== 'all' && list.length > 1 && (
        <Text size="sm" c="dimmed">
          {t('modelBar.noPreviousData')}
        </Text>
      )}
      {selected && (
        <Group gap="xs" justify="space-between" wrap="nowrap" data-testid="model-selected-result">
          <Text size="sm">{t('modelBar.showingRun', { run: runLabel(selected, i18n.language) })}</Text>
          <Button size="compact-sm" variant="subtle" onClick={() => results.showLatest(model._id)}>
            {t('modelBar.showLatest')}
          </Button>
        </Group>
      )}
      {list.map((run) => (
        <Group key={run._id} gap="xs" wrap="nowrap" data-testid="model-run-row">
          {access.run && (
            <ActionIcon
              variant="subtle"
              color="yellow"
              aria-label={t('modelBar.favourite')}
              aria-pressed={run.favourite}
              disabled={!access.edit}
              onClick={() => favourite.mutate({ runId: run._id, favourite: !run.favourite })}
            >
              {run.favourite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
            </ActionIcon>
          )}
          <UnstyledButton onClick={() => setShown(run._id)} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" justify="space-between">
              <Text size="sm" truncate>
                {runLabel(run, i18n.language)}
              </Text>
              <Badge color={STATUS_COLORS[run.status]} variant="light" style={{ flexShrink: 0 }}>
                {t(`models:status.${run.status}`)}
              </Badge>
            </Group>
          </UnstyledButton>
          {canSelectRun(model, run) && (
            <Tooltip label={t('modelBar.showRunResult')}>
              <ActionIcon
                variant={selected?._id === run._id ? 'light' : 'subtle'}
                aria-label={t('modelBar.showRunResult')}
                aria-pressed={selected?._id === run._id}
                onClick={() => results.pick(model, runs ?? [], run)}
              >
                {selected?._id === run._id ? <IconEyeCheck size={16} /> : <IconEye size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ))}
      {open && <RunInfoModal projectId={projectId} model={model} run={open} onClose={() => setShown(null)} />}
    </Stack>
  );
}
