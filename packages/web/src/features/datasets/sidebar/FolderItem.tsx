import { ActionIcon, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconDots, IconFolder, IconFolderOpen } from '@tabler/icons-react';
import type { Collection, Dataset } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteFolder } from '../../../api/datasets.ts';
import { DraggableDataset, DropArea, folderDropId } from './dnd.tsx';
import { FolderModal } from './FolderModal.tsx';

export interface FolderItemProps {
  projectId: string;
  folder: Collection;
  datasets: Dataset[];
  canEdit: boolean;
  datasetPath: (id: string) => string;
  /** Opened by itself while a search matches inside it. */
  forceOpen: boolean;
}

/** One folder of the sidebar: a drop target, its datasets (draggable out of it), edit and delete. */
export function FolderItem({ projectId, folder, datasets, canEdit, datasetPath, forceOpen }: FolderItemProps) {
  const { t } = useTranslation('datasets');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteFolder(projectId);
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('folders.deleteTitle'),
      children: <Text size="sm">{t('folders.deleteQuestion', { name: folder.name })}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(folder._id),
    });

  return (
    <DropArea id={folderDropId(folder._id)} label={folder.name}>
      <Group gap={0} wrap="nowrap">
        <NavLink
          label={folder.name}
          description={folder.description || undefined}
          leftSection={open || forceOpen ? <IconFolderOpen size={16} /> : <IconFolder size={16} />}
          onClick={() => setOpen(!open)}
          opened={open || forceOpen}
          style={{ flex: 1 }}
        />
        {canEdit && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={t('folders.actions', { name: folder.name })}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setEditing(true)}>{t('folders.edit')}</Menu.Item>
              <Menu.Item color="red" onClick={confirmDelete}>
                {t('common.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {(open || forceOpen) && (
        <Stack gap={0} pl="md">
          {datasets.length === 0 && (
            <Text size="xs" c="dimmed" px="sm">
              {t('folders.empty')}
            </Text>
          )}
          {datasets.map((d) => (
            <DraggableDataset
              key={d._id}
              dataset={d}
              fromFolder={folder._id}
              to={datasetPath(d._id)}
              canDrag={canEdit}
            />
          ))}
        </Stack>
      )}
      {editing && (
        <FolderModal projectId={projectId} folder={folder} opened={editing} onClose={() => setEditing(false)} />
      )}
    </DropArea>
  );
}
