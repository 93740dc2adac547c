import { Alert, Button, Code, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { failureSummary, hasTraceback, MODEL_RUN_LOG_CUT_LINE, type Model, type ModelRun } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '../../api/datasets.ts';
import { useModelMutations, useRunLog } from '../../api/models.ts';
import { saveTextFile } from '../canvas/index.ts';
import { OutputPreview } from './OutputPreview.tsx';

const isRunning = (run: ModelRun) => run.status === 'queued' || run.status === 'started';

/**
 * What a run printed (stdout and stderr interleaved): live while it runs, then the output kept with it (its last
 * 1 MB, saying so when its start was cut), downloadable.
 */
export function RunLog({ projectId, run }: { projectId: string; run: ModelRun }) {
  const { t } = useTranslation('models');
  const settled = !isRunning(run);
  const log = useRunLog(projectId, run._id, settled);
  if (!log) return null;
  const cutLine = `${MODEL_RUN_LOG_CUT_LINE}\n`;
  const cut = log.startsWith(cutLine);
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {t(cut ? 'log.cut' : 'log.title')}
        </Text>
        {settled && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconDownload size={14} />}
            onClick={() => saveTextFile(`run-${run._id}.log`, log, 'text/plain;charset=utf-8')}
          >
            {t('log.download')}
          </Button>
        )}
      </Group>
      <Code block data-testid="run-log" style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
        {cut ? log.slice(cutLine.length) : log}
      </Code>
    </Stack>
  );
}

/** Why a run failed: its summary line first (the exception and its message), then the traceback, folded. */
export function RunFailure({ error }: { error: string | null }) {
  const { t } = useTranslation('models');
  return (
    <Stack gap={4}>
      <Text fw={600} data-testid="run-failure-summary" style={{ overflowWrap: 'anywhere' }}>
        {failureSummary(error)}
      </Text>
      {hasTraceback(error) && (
        <details>
          <summary>
            <Text span size="sm">
              {t('log.details')}
            </Text>
          </summary>
          {/* Long paths and markers break anywhere: on a phone the block keeps to the panel's width. */}
          <Code block style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {error ?? ''}
          </Code>
        </details>
      )}
    </Stack>
  );
}

/**
 * The run display: 'Running Model...' with Cancel Run; finished shows the outputs;
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
        <RunLog projectId={projectId} run={run} />
      </Stack>
    );
  if (run.status === 'cancelled')
    return (
      <Stack gap="xs">
        <Alert color="gray">{t('status.cancelled')}</Alert>
        <RunLog projectId={projectId} run={run} />
      </Stack>
    );
  if (run.status !== 'finished')
    return (
      <Stack gap="xs">
        <Alert color="red" title={t('status.failed')}>
          <RunFailure error={run.error} />
        </Alert>
        <RunLog projectId={projectId} run={run} />
      </Stack>
    );
  const known = new Set((datasets.data ?? []).map((d) => d._id));
  return (
    <Stack gap="sm">
      <Text c="green">{t('status.finished')}</Text>
      {run.outputs.map((o) =>
        datasets.data && !known.has(o.dataset._id) ? (
          <Text key={o.dataset._id} c="red">
            {t('outputNotFound')}
          </Text>
        ) : (
          <OutputPreview key={o.dataset._id} projectId={projectId} output={o} />
        ),
      )}
      <RunLog projectId={projectId} run={run} />
    </Stack>
  );
}
