import { ActionIcon, Group, TextInput, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { Dataset } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateDataset } from '../../../api/datasets.ts';
import { useServerText } from '../../../ui/serverText.ts';

/** The dataset's name, edited in place: Enter or leaving the field saves, Escape restores. */
export function DatasetName({
  projectId,
  dataset,
  canEdit,
}: {
  projectId: string;
  dataset: Dataset;
  canEdit: boolean;
}) {
  const { t } = useTranslation('datasets');
  const serverText = useServerText();
  const update = useUpdateDataset(projectId);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (draft === null) return;
    const name = draft.trim();
    if (!name) return setError(t('page.nameRequired'));
    if (name === dataset.name) return setDraft(null);
    try {
      await update.mutateAsync({ id: dataset._id, name });
      setDraft(null);
      setError(null);
    } catch (e) {
      setError(serverText((e as Error).message));
    }
  };

  if (draft !== null) {
    return (
      <TextInput
        aria-label={t('page.name')}
        value={draft}
        error={error}
        autoFocus
        style={{ flex: 1 }}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') {
            setDraft(null);
            setError(null);
          }
        }}
      />
    );
  }
  return (
    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
      <Title order={2} style={{ overflowWrap: 'anywhere' }}>
        {dataset.name}
      </Title>
      {canEdit && (
        <ActionIcon variant="subtle" aria-label={t('page.rename')} onClick={() => setDraft(dataset.name)}>
          <IconPencil size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}
