import { Anchor, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Model } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDatasets } from '../../api/datasets.ts';
import { useAlgorithms, useModelEdits } from '../../api/models.ts';

/** Model Info: name (required), description, the source function, the output datasets' links. */
export function ModelInfoTab({ model, projectId, canEdit }: { model: Model; projectId: string; canEdit: boolean }) {
  const { t } = useTranslation('models');
  const [name, setName] = useState(model.name);
  const [description, setDescription] = useState(model.description);
  const { update } = useModelEdits(projectId);
  const algorithm = useAlgorithms(projectId).data?.find((a) => a._id === model.algorithmId);
  const datasets = useDatasets(projectId).data;
  const nameError = name.trim() === '' ? t('nameRequired') : undefined;
  const dirty = name !== model.name || description !== model.description;
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
      {canEdit && (
        <Group>
          <Button
            onClick={() => update.mutate({ id: model._id, change: { name, description } })}
            disabled={!dirty || Boolean(nameError)}
            loading={update.isPending}
          >
            {t('save')}
          </Button>
          {update.error && <Text c="red">{update.error.message}</Text>}
        </Group>
      )}
      <Text fw={500}>{t('sourceFunction')}</Text>
      <Text c={model.sourceMissing ? 'red' : undefined}>
        {model.sourceMissing ? t('sourceNotFound') : (algorithm?.functionName ?? '')}
      </Text>
      {model.transferred && <Text c="dimmed">{t('transferred')}</Text>}
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
