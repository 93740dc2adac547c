import { ActionIcon, Menu } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowLeft,
  IconArrowRight,
  IconArrowUp,
  IconCopy,
  IconDotsVertical,
  IconPencil,
  IconPhoto,
  IconTrash,
} from '@tabler/icons-react';
import type { Tab } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import type { TabDialog } from './TabDialogs.tsx';

interface Props {
  tab: Tab;
  words: 'tabs' | 'sections';
  onDialog: (dialog: TabDialog) => void;
  onDuplicate: (tabId: string) => void;
  /** Editors only: Edit, Delete, Duplicate. */
  canEdit: boolean;
  /** Download PNG (docs/data-apps.md "Export"), for whoever may view the data app in its project. */
  onDownloadPng?: (tabId: string) => void;
  /** Editors: Move left / Move right (a section: Move up / Move down), where it can go (docs/accessibility.md). */
  onMove?: (tabId: string, offset: -1 | 1) => void;
  canMove?: (tabId: string, offset: -1 | 1) => boolean;
}

/**
 * Per-tab menu: Edit Tab, Delete Tab, Duplicate Tab (the section variants in a report) for editors;
 * Download PNG of the tab for all who see it in the project.
 */
export function TabMenu({ tab, words, onDialog, onDuplicate, canEdit, onDownloadPng, onMove, canMove }: Props) {
  const { t } = useTranslation('dashboards');
  // Tabs sit in a row, a report's sections in a column.
  const [EarlierIcon, LaterIcon] = words === 'tabs' ? [IconArrowLeft, IconArrowRight] : [IconArrowUp, IconArrowDown];
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t(`${words}.menu`, { name: tab.name })}>
          <IconDotsVertical size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && (
          <>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onDialog({ kind: 'edit', tab })}>
              {t(`${words}.edit`)}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTrash size={16} />}
              color="red"
              onClick={() => onDialog({ kind: 'delete', tab })}
            >
              {t(`${words}.delete`)}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onDuplicate(tab._id)}>
              {t(`${words}.duplicate`)}
            </Menu.Item>
            {onMove && canMove?.(tab._id, -1) && (
              <Menu.Item leftSection={<EarlierIcon size={16} />} onClick={() => onMove(tab._id, -1)}>
                {t(`${words}.moveEarlier`)}
              </Menu.Item>
            )}
            {onMove && canMove?.(tab._id, 1) && (
              <Menu.Item leftSection={<LaterIcon size={16} />} onClick={() => onMove(tab._id, 1)}>
                {t(`${words}.moveLater`)}
              </Menu.Item>
            )}
          </>
        )}
        {onDownloadPng && (
          <Menu.Item leftSection={<IconPhoto size={16} />} onClick={() => onDownloadPng(tab._id)}>
            {t('export.downloadPng')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
