import { DndContext, type DragEndEvent, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconFolderPlus, IconPlus, IconSearch } from '@tabler/icons-react';
import { type Dataset, listSearch } from '@tessera/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasetJobs, useDatasets, useFolders, useUpdateDataset } from '../../../api/datasets.ts';
import { useDndAnnouncements } from '../../../ui/useDndAnnouncements.ts';
import { AddDatasetModal } from '../AddDatasetModal.tsx';
import { DatasetHelp } from '../DatasetHelp.tsx';
import { useUploads } from '../upload/UploadsContext.tsx';
import {
  collectionsAfterDrop,
  type DragData,
  DraggableDataset,
  DropArea,
  OUT_OF_FOLDER,
  swallowClickAfterDrag,
} from './dnd.tsx';
import { FolderItem } from './FolderItem.tsx';
import { FolderModal } from './FolderModal.tsx';
import { UploadQueue } from './UploadQueue.tsx';

const SEARCH_FIELDS = { name: (d: Dataset) => d.name };

/**
 * The datasets area's sidebar: search, the Folders (create, edit, delete, drag datasets in), the
 * Datasets not in a folder (drag one out of a folder here) and the upload queue.
 */
export function DatasetsSidebar({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const { t } = useTranslation('datasets');
  const datasets = useDatasets(projectId);
  const folders = useFolders(projectId);
  const jobs = useDatasetJobs(projectId);
  const update = useUpdateDataset(projectId);
  const { running } = useUploads();
  const [search, setSearch] = useState('');
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [adding, setAdding] = useState(false);
  // A small move is a click on the link, not a drag.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const accessibility = useDndAnnouncements();

  const shown = useMemo(() => listSearch(datasets.data ?? [], search, SEARCH_FIELDS), [datasets.data, search]);
  const loose = shown.filter((d) => d.collections.length === 0);
  const datasetPath = (id: string) => `/projects/${projectId}/datasets/${id}`;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    swallowClickAfterDrag();
    const drag = active.data.current as DragData | undefined;
    if (!drag) return;
    const collections = collectionsAfterDrop(drag, over ? String(over.id) : null);
    if (collections) update.mutate({ id: drag.dataset._id, collections });
  };

  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between">
        <Title order={4}>{t('title')}</Title>
        {canEdit && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)}>
            {t('add.button')}
          </Button>
        )}
      </Group>
      <DatasetHelp />
      <TextInput
        placeholder={t('search')}
        aria-label={t('search')}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <DndContext
        sensors={sensors}
        accessibility={accessibility}
        onDragEnd={onDragEnd}
        onDragCancel={swallowClickAfterDrag}
      >
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {t('folders.title')}
          </Text>
          {canEdit && (
            <Tooltip label={t('folders.create')}>
              <ActionIcon variant="subtle" aria-label={t('folders.create')} onClick={() => setCreatingFolder(true)}>
                <IconFolderPlus size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {folders.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('messages.noFolders')}
          </Text>
        )}
        {folders.data?.map((folder) => {
          const inside = shown.filter((d) => d.collections.includes(folder._id));
          return (
            <FolderItem
              key={folder._id}
              projectId={projectId}
              folder={folder}
              datasets={inside}
              canEdit={canEdit}
              datasetPath={datasetPath}
              forceOpen={search.trim() !== '' && inside.length > 0}
            />
          );
        })}
        <DropArea id={OUT_OF_FOLDER} label={t('list.title')}>
          <Text fw={600} size="sm">
            {t('list.title')}
          </Text>
          {canEdit && (
            <Text size="xs" c="dimmed">
              {t('list.dragHint')}
            </Text>
          )}
          {datasets.data && loose.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('messages.noDatasets')}
            </Text>
          )}
          {loose.map((d) => (
            <DraggableDataset key={d._id} dataset={d} fromFolder={null} to={datasetPath(d._id)} canDrag={canEdit} />
          ))}
        </DropArea>
      </DndContext>
      <UploadQueue jobs={jobs.data ?? []} running={running} />
      <FolderModal projectId={projectId} opened={creatingFolder} onClose={() => setCreatingFolder(false)} />
      {adding && <AddDatasetModal projectId={projectId} onClose={() => setAdding(false)} />}
    </Stack>
  );
}
