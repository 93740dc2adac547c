import { Button, Grid, Group, Stack, Text } from '@mantine/core';
import type { Model, ModelInput } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '../../../api/datasets.ts';
import { useModelEdits } from '../../../api/models.ts';
import { InputEditor } from './InputEditor.tsx';
import { InputsPreview } from './InputsPreview.tsx';
import { inputsComplete } from './inputSetup.ts';

/**
 * Configure Inputs (onboarding step 2, the model's Inputs tab, Update Source's Review Inputs): every input's
 * set-up beside the live UI preview; saving needs every input typed with a default.
 */
export function InputsStep({
  model,
  projectId,
  saveLabel,
  onSaved,
}: {
  model: Model;
  projectId: string;
  saveLabel: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation('models');
  const [inputs, setInputs] = useState<ModelInput[]>(model.inputs);
  const datasets = (useDatasets(projectId).data ?? []).map((d) => ({ value: d._id, label: d.name }));
  const { update } = useModelEdits(projectId);
  const ready = inputsComplete(inputs);
  const save = () => update.mutate({ id: model._id, change: { inputs } }, { onSuccess: () => onSaved?.() });
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          {inputs.length === 0 && <Text c="dimmed">{t('noInputs')}</Text>}
          {inputs.map((input, index) => (
            <InputEditor
              key={input._id}
              input={input}
              datasets={datasets}
              onChange={(next) => setInputs(inputs.map((i, k) => (k === index ? next : i)))}
            />
          ))}
          {update.error && <Text c="red">{update.error.message}</Text>}
          <Group justify="flex-end">
            <Button onClick={save} disabled={!ready} loading={update.isPending}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <InputsPreview inputs={inputs} runButtonText={model.runButtonText} datasets={datasets} />
      </Grid.Col>
    </Grid>
  );
}
