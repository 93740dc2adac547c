import { Anchor, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { MODEL_RESULT_STORAGES, type Model, type ModelResultStorage } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDatasets } from '../../api/datasets.ts';
import { useAlgorithms, useModelEdits } from '../../api/models.ts';
import { ModelSourceLink } from './ModelSourceLink.tsx';

/**
 * Model Info: name (required), description, result storage (all runs / latest run / merge runs), the run
 * button's text (required), the source function (a link to its code, or "protected" for a transferred model) and
 * the output datasets' links.
 */
export function ModelInfoTab({ model, projectId, canEdit }: { model: Model; projectId: string; canEdit: boolean }) {
  const { t } = useTranslation('models');
  const [name, setName] = useState(model.name);
  const [description, setDescription] = useState(model.description);
  const [resultStorage, setResultStorage] = useState<ModelResultStorage>(model.resultStorage);
  const [runButtonText, setRunButtonText] = useState(model.runButtonText);
  const { update } = useModelEdits(projectId);
  const algorithm = useAlgorithms(projectId).data?.find((a) => a._id === model.algorithmId);
  const datasets = useDatasets(projectId).data;
  const nameError = name.trim() === '' ? t('nameRequired') : undefined;
  const runButtonError = runButtonText.trim() === '' ? t('runButtonTextRequired') : undefined;
  const dirty =
    name !== model.name ||
    description !== model.description ||
    resultStorage !== model.resultStorage ||
    runButtonText !== model.runButtonText;
  return (
    <Stack gap="sm" maw={640}>
      <TextInput
        label={t('name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={nameError}
        readOnly={!canEdit}
        withAsterisk
      />
      <Textarea
        label={t('description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        readOnly={!canEdit}
        autosize
        minRows={2}
      />
      <Select
        label={t('resultStorage.label')}
        description={t(`resultStorage.hint.${resultStorage}`)}
        data={MODEL_RESULT_STORAGES.map((value) => ({ value, label: t(`resultStorage.${value}`) }))}
        value={resultStorage}
        onChange={(value) => value && setResultStorage(value as ModelResultStorage)}
        allowDeselect={false}
        readOnly={!canEdit}
      />
      <TextInput
        label={t('runButtonText')}
        value={runButtonText}
        onChange={(e) => setRunButtonText(e.currentTarget.value)}
        error={runButtonError}
        readOnly={!canEdit}
        maxLength={100}
        withAsterisk
      />
      {canEdit && (
        <Group>
          <Button
            onClick={() =>
              update.mutate({
                id: model._id,
                change: { name, description, resultStorage, runButtonText: runButtonText.trim() },
              })
            }
            disabled={!dirty || Boolean(nameError) || Boolean(runButtonError)}
            loading={update.isPending}
          >
            {t('save')}
          </Button>
          {update.error && <Text c="red">{update.error.message}</Text>}
        </Group>
      )}
      <Text fw={500}>{t('sourceFunction')}</Text>
      <ModelSourceLink model={model} projectId={projectId} algorithm={algorithm} />
      <Text fw={500}>{t('outputDatasets')}</Text>
      {model.outputs.length === 0 && <Text c="dimmed">{t('noOutputs')}</Text>}
      {model.outputs.map((o) => {
        const found = datasets?.find((d) => d._id === o.dataset._id);
        if (datasets && !found)
          return (
            <Text key={o.dataset._id} c="red">
              {t('outputNotFound')}
            </Text>
          );
        return (
          <Anchor key={o.dataset._id} component={Link} to={`/projects/${projectId}/datasets/${o.dataset._id}/data`}>
            {found?.name ?? o.name}
          </Anchor>
        );
      })}
    </Stack>
  );
}
