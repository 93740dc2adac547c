import { Button, Group, Stack } from '@mantine/core';
import type { Model } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useModelMutations, useModelRuns } from '../../../api/models.ts';
import { RunStatusView } from '../RunStatusView.tsx';
import { runButtonLabel } from '../runButtonLabel.ts';

/** Generate Outputs (onboarding step 3): run the model with its defaults; complete once one run finished. */
export function OutputsStep({
  model,
  projectId,
  doneLabel,
  onDone,
}: {
  model: Model;
  projectId: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('models');
  const runs = useModelRuns(projectId, model._id);
  const { execute } = useModelMutations(projectId, model._id);
  const latest = runs.data?.runs[0];
  const finished = runs.data?.runs.some((r) => r.status === 'finished') ?? false;
  return (
    <Stack gap="md" maw={720}>
      <Group>
        <Button onClick={() => execute.mutate([])} loading={execute.isPending} disabled={model.running}>
          {runButtonLabel(model.runButtonText, t('run'))}
        </Button>
      </Group>
      {execute.error && <RunStatusViewError message={execute.error.message} />}
      <RunStatusView model={model} run={latest} projectId={projectId} />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!finished}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function RunStatusViewError({ message }: { message: string }) {
  return <div style={{ color: 'var(--mantine-color-red-6)' }}>{message}</div>;
}
