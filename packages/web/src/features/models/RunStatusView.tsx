import { Alert, Anchor, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import type { Model, ModelRun } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDatasets } from '../../api/datasets.ts';
import { useModelMutations, useRunLog } from '../../api/models.ts';

const isRunning = (run: ModelRun) => run.status === 'queued' || run.status === 'started';

/** What a run printed, live while it runs (stdout and stderr). */
export function RunLog({ projectId, runId }: { projectId: string; runId: string }) {
  const log = useRunLog(projectId, runId);
  if (!log) return null;
  return (
    <Code block data-testid="run-log" style={{ maxHeight: 200, overflow: 'auto' }}>
      {log}
    </Code>
  );
}

/**
 * The run display (spec 3 §4 "Model run"): 'Running Model...' with Cancel Run; finished shows the outputs;
 * 'Model Run Cancelled'; otherwise 'Model Run Error' with the details; a missing output 'Output Dataset Not
 * Found'; never run, a prompt to run.
 */
export function RunStatusView({
  model,
  run,
  projectId,
}: {
  model: Model;
  run: ModelRun | undefined;
  projectId: string;
}) {
  const { t } = useTranslation('models');
  const { cancel } = useModelMutations(projectId, model._id);
  const datasets = useDatasets(projectId);
  if (!run) return <Text c="dimmed">{t('neverRun')}</Text>;
  if (isRunning(run) || (model.running && run.status !== 'finished' && run.status !== 'failed'))
    return (
      <Stack gap="xs">
        <Group>
          <Loader size="sm" />
          <Text>{t('running')}</Text>
          <Button
            size="xs"
            variant="light"
            color="red"
            onClick={() => cancel.mutate(run._id)}
            loading={cancel.isPending}
          >
            {t('cancelRun')}
          </Button>
        </Group>
        <RunLog projectId={projectId} runId={run._id} />
      </Stack>
    );
  if (run.status === 'cancelled') return <Alert color="gray">{t('status.cancelled')}</Alert>;
  if (run.status !== 'finished')
    return (
      <Alert color="red" title={t('status.failed')}>
        <Code block style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
          {run.error ?? ''}
        </Code>
      </Alert>
    );
  const known = new Map((datasets.data ?? []).map((d) => [d._id, d.name]));
  return (
    <Stack gap={4}>
      <Text c="green">{t('status.finished')}</Text>
      {run.outputs.map((o) =>
        datasets.data && !known.has(o.dataset._id) ? (
          <Text key={o.dataset._id} c="red">
            {t('outputNotFound')}
          </Text>
        ) : (
          <Anchor key={o.dataset._id} component={Link} to={`/projects/${projectId}/datasets/${o.dataset._id}/data`}>
            {known.get(o.dataset._id) ?? o.name}
          </Anchor>
        ),
      )}
      <RunLog projectId={projectId} runId={run._id} />
    </Stack>
  );
}
