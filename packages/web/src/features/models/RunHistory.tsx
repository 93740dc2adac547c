import { ActionIcon, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { DELETABLE_RUN_STATUSES, type Model } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelEdits, useModelMutations, useModelRunPages } from '../../api/models.ts';
import { useScrollPaging } from '../../ui/useScrollPaging.ts';
import { ScheduledBadge } from '../triggers/index.ts';
import { RunFailure, RunLog } from './RunStatusView.tsx';

/**
 * The model history: 20 runs at a time (the next 20 as the list's end nears the bottom of the screen), favourites (star), delete of finished, failed or cancelled runs; a failed
 * run's summary line and traceback; each run's kept output behind Show log.
 */
export function RunHistory({ model, projectId, canEdit }: { model: Model; projectId: string; canEdit: boolean }) {
  const { t, i18n } = useTranslation('models');
  const pages = useModelRunPages(projectId, model._id);
  const { cancel, favourite } = useModelMutations(projectId, model._id);
  const { deleteRun } = useModelEdits(projectId);
  const runs = pages.data?.pages.flatMap((p) => p.runs) ?? [];
  const listEnd = useScrollPaging({
    hasMore: pages.hasNextPage,
    loading: pages.isFetching,
    loadMore: () => void pages.fetchNextPage(),
  });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((before) => {
      const next = new Set(before);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <Stack gap="xs">
      <Title order={4}>{t('history')}</Title>
      {pages.data && runs.length === 0 && <Text c="dimmed">{t('neverRun')}</Text>}
      {runs.map((run) => (
        <Stack key={run._id} gap={4} py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          {/* On a phone the buttons go under the run's date and status rather than past the screen's edge. */}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t('favourite')}
                aria-pressed={run.favourite}
                disabled={!canEdit}
                onClick={() => favourite.mutate({ runId: run._id, favourite: !run.favourite })}
              >
                {run.favourite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
              </ActionIcon>
              <Text size="sm">{new Date(run.executionDatetime).toLocaleString(i18n.language)}</Text>
              <Text size="sm" c={run.status === 'failed' ? 'red' : 'dimmed'}>
                {t(`status.${run.status}`)}
              </Text>
              <ScheduledBadge run={run} />
            </Group>
            <Group gap="xs" wrap="nowrap">
              {run.status !== 'queued' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-expanded={open.has(run._id)}
                  onClick={() => toggle(run._id)}
                >
                  {t(open.has(run._id) ? 'log.hide' : 'log.show')}
                </Button>
              )}
              {(run.status === 'queued' || run.status === 'started') && (
                <Button size="xs" variant="light" color="red" onClick={() => cancel.mutate(run._id)}>
                  {t('cancelRun')}
                </Button>
              )}
              {canEdit && DELETABLE_RUN_STATUSES.includes(run.status) && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('deleteRun')}
                  onClick={() => deleteRun.mutate(run._id)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          </Group>
          {run.status === 'failed' && run.error && <RunFailure error={run.error} />}
          {open.has(run._id) && <RunLog projectId={projectId} run={run} />}
        </Stack>
      ))}
      <div ref={listEnd} data-testid="run-history-end" />
      {pages.hasNextPage && (
        <Button variant="subtle" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
          {t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
