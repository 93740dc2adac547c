import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { Model } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { useDatasets } from '../../api/datasets.ts';
import { useModelMutations, useModelRuns } from '../../api/models.ts';
import { ModelInputField } from './inputs/index.ts';
import { RunHistory } from './RunHistory.tsx';
import { RunStatusView } from './RunStatusView.tsx';
import { runButtonLabel } from './runButtonLabel.ts';

/** Outputs: the inputs with Run, the latest run's display (live output while it runs), and the history. */
export function ModelOutputsTab({ model, projectId, canEdit }: { model: Model; projectId: string; canEdit: boolean }) {
  const { t } = useTranslation('models');
  const datasets = (useDatasets(projectId).data ?? []).map((d) => ({ value: d._id, label: d.name }));
  const runs = useModelRuns(projectId, model._id);
  const { execute } = useModelMutations(projectId, model._id);
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(model.inputs.map((i) => [i.varName, i.value ?? i.defaultValue])),
  );
  const fields = execute.error instanceof ApiError ? (execute.error.fields ?? {}) : {};
  const shown = model.inputs.filter((i) => i.display.modelPanel !== 'hidden');
  return (
    <Stack gap="lg">
      <Card withBorder>
        <Stack gap="xs">
          {shown.length === 0 && <Text c="dimmed">{t('noInputs')}</Text>}
          {shown.map((input) => (
            <ModelInputField
              key={input._id}
              input={input}
              value={values[input.varName]}
              onChange={(v) => setValues({ ...values, [input.varName]: v })}
              datasets={datasets}
              error={fields[input.varName]}
            />
          ))}
          <Group>
            <Button
              onClick={() =>
                execute.mutate(
                  shown
                    .filter((i) => values[i.varName] !== null && values[i.varName] !== undefined)
                    .map((i) => ({ varName: i.varName, value: values[i.varName] })),
                )
              }
              loading={execute.isPending}
              disabled={model.running}
            >
              {runButtonLabel(model.runButtonText, t('run'))}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <RunStatusView model={model} run={runs.data?.runs[0]} projectId={projectId} />
      </Card>
      <Card withBorder>
        <RunHistory model={model} projectId={projectId} canEdit={canEdit} />
      </Card>
    </Stack>
  );
}
