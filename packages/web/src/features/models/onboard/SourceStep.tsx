import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Model } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelEdits } from '../../../api/models.ts';
import { FunctionPicker } from '../FunctionPicker.tsx';

/**
 * Select Source Function (onboarding step 1): a function is required; continuing creates the model (an empty
 * name takes the function's name) or updates the draft.
 */
export function SourceStep({
  projectId,
  model,
  onDone,
  onNameChange,
}: {
  projectId: string;
  model: Model | undefined;
  onDone: (modelId: string) => void;
  /** Told each name typed (the page's title follows it). */
  onNameChange?: (name: string) => void;
}) {
  const { t } = useTranslation('models');
  const [algorithmId, setAlgorithmId] = useState<string | null>(model?.algorithmId ?? null);
  const [name, setName] = useState(model?.name ?? '');
  const [description, setDescription] = useState(model?.description ?? '');
  const { create, update, setAlgorithm } = useModelEdits(projectId);
  const pending = create.isPending || update.isPending || setAlgorithm.isPending;
  const error = create.error ?? update.error ?? setAlgorithm.error;
  const next = async () => {
    if (!algorithmId) return;
    if (!model) {
      const created = await create.mutateAsync({ algorithmId, name: name.trim(), description });
      onDone(created._id);
      return;
    }
    if (algorithmId !== model.algorithmId) await setAlgorithm.mutateAsync({ id: model._id, algorithmId });
    await update.mutateAsync({ id: model._id, change: { ...(name.trim() ? { name } : {}), description } });
    onDone(model._id);
  };
  return (
    <Stack gap="sm" maw={560}>
      <FunctionPicker projectId={projectId} value={algorithmId} onChange={setAlgorithmId} />
      <TextInput
        label={t('name')}
        placeholder={t('setup.autoName')}
        value={name}
        onChange={(e) => {
          setName(e.currentTarget.value);
          onNameChange?.(e.currentTarget.value);
        }}
      />
      <Textarea
        label={t('description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        autosize
        minRows={2}
      />
      {error && <Text c="red">{error.message}</Text>}
      <Group justify="flex-end">
        <Button onClick={() => void next().catch(() => undefined)} disabled={!algorithmId} loading={pending}>
          {t('setup.continue')}
        </Button>
      </Group>
    </Stack>
  );
}
