import { ActionIcon, Button, Group, Menu, Popover, Stack, Text } from '@mantine/core';
import {
  IconArrowsMove,
  IconBell,
  IconChartBar,
  IconCopy,
  IconDots,
  IconDownload,
  IconFlask,
  IconNotes,
  IconPhoto,
  IconResize,
  IconTable,
  IconTableColumn,
  IconTrash,
} from '@tabler/icons-react';
import type { UnitType } from '@tessera/shared';
import { type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CardMenuItem =
  | 'editDescription'
  | 'duplicate'
  | 'move'
  | 'resize'
  | 'showTable'
  | 'downloadCsv'
  | 'download'
  | 'downloadPng'
  | 'setAlert'
  | 'delete'
  | 'betaCardTypes'
  | 'viewRows';

/**
 * Which items a card's menu has. Editing, copying and deleting need the edit right; Beta
 * Card Types only on a card with no type yet. Download as CSV on chart and table cards, Download on custom
 * cards, both only with data that has no error. The menu is hidden for public accounts, and for read-only users
 * of KPI or custom cards (a reader of a chart or table keeps Download as CSV). Download PNG (docs/data-apps.md
 * "Export") on every typed card where the server may export it (`exportable`: inside a project), readers too. A chart with data has "Show as
 * table" for everyone who has the menu (docs/accessibility.md "Charts"; public pages have a button instead).
 * View rows first on a chart, KPI or table with data, for everyone who has the menu (docs/cross-filters.md).
 * "Set alert…" on KPI and chart cards for every member who has the menu inside a project (`alertable`, readers
 * too: docs/data-apps.md "Alerts").
 * Move and Resize where editors may move cards (`movable`: the desktop grid), for moving without dragging
 * (docs/accessibility.md "Layout by keyboard").
 */
export function cardMenuItems(
  card: { type: UnitType | null; downloadable: boolean },
  rights: { canEdit: boolean; cardMenu: boolean; exportable?: boolean; alertable?: boolean; movable?: boolean },
): CardMenuItem[] {
  if (!rights.cardMenu) return [];
  const tabular = card.type === 'chart' || card.type === 'table';
  const rows: CardMenuItem[] = card.downloadable && (tabular || card.type === 'kpi') ? ['viewRows'] : [];
  const alert: CardMenuItem[] = rights.alertable && (card.type === 'kpi' || card.type === 'chart') ? ['setAlert'] : [];
  const png: CardMenuItem[] = [...(rights.exportable && card.type !== null ? ['downloadPng' as const] : []), ...alert];
  const table: CardMenuItem[] = card.type === 'chart' && card.downloadable ? ['showTable'] : [];
  if (!rights.canEdit)
    return [...rows, ...(tabular && card.downloadable ? [...table, 'downloadCsv' as const] : []), ...png];
  const items: CardMenuItem[] = [...rows, 'editDescription', 'duplicate', ...table];
  if (rights.movable) items.push('move', 'resize');
  if (card.downloadable && tabular) items.push('downloadCsv');
  if (card.downloadable && card.type === 'custom') items.push('download');
  items.push(...png);
  items.push('delete');
  if (card.type === null) items.push('betaCardTypes');
  return items;
}

interface Props {
  items: CardMenuItem[];
  onEditDescription: () => void;
  onDuplicate: () => void;
  onMove?: () => void;
  onResize?: () => void;
  onDownload: () => void;
  onDownloadPng?: () => void;
  onSetAlert?: () => void;
  onDelete: () => Promise<unknown>;
  onBetaCardTypes: () => void;
  /** Whether the chart shows as a table now (the item then reads "Show as chart"). */
  asTable?: boolean;
  onToggleTable?: () => void;
  onViewRows?: () => void;
  /** The words of the chart element the keyboard focused: View rows drills into it. */
  focusedElement?: string;
  /** The menu's button, for those that give the focus back to it (the Move and Resize dialog). */
  buttonRef?: Ref<HTMLButtonElement>;
}

/** The card menu; Delete asks in a confirmation popover anchored to the menu button. */
export function CardMenu({
  items,
  onEditDescription,
  onDuplicate,
  onMove,
  onResize,
  onDownload,
  onDownloadPng,
  onSetAlert,
  onDelete,
  onBetaCardTypes,
  asTable = false,
  onToggleTable,
  onViewRows,
  focusedElement,
  buttonRef,
}: Props) {
  const { t } = useTranslation(['dashboards', 'cards', 'charts']);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const questionId = useId();
  if (items.length === 0) return null;

  const remove = async () => {
    setBusy(true);
    try {
      await onDelete();
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    // withRoles off: the confirmation's anchor is a plain div around the menu (a div may not carry aria-haspopup or
    // aria-expanded); the dropdown says itself that it is a dialog, named by its question.
    <Popover
      opened={confirming}
      onChange={setConfirming}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      withRoles={false}
    >
      <Popover.Target>
        <div>
          <Menu position="bottom-end" width={200} shadow="md" withinPortal>
            <Menu.Target>
              <ActionIcon ref={buttonRef} variant="subtle" color="gray" size="sm" aria-label={t('card.menu')}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {items.includes('viewRows') && onViewRows && (
                <Menu.Item leftSection={<IconTableColumn size={16} />} onClick={onViewRows}>
                  {focusedElement ? t('viewRows.openElement', { element: focusedElement }) : t('viewRows.open')}
                </Menu.Item>
              )}
              {items.includes('editDescription') && (
                <Menu.Item leftSection={<IconNotes size={16} />} onClick={onEditDescription}>
                  {t('card.editDescription')}
                </Menu.Item>
              )}
              {items.includes('duplicate') && (
                <Menu.Item leftSection={<IconCopy size={16} />} onClick={onDuplicate}>
                  {t('card.duplicate')}
                </Menu.Item>
              )}
              {items.includes('move') && onMove && (
                <Menu.Item leftSection={<IconArrowsMove size={16} />} onClick={onMove}>
                  {t('layout.moveItem')}
                </Menu.Item>
              )}
              {items.includes('resize') && onResize && (
                <Menu.Item leftSection={<IconResize size={16} />} onClick={onResize}>
                  {t('layout.resizeItem')}
                </Menu.Item>
              )}
              {items.includes('showTable') && (
                <Menu.Item
                  leftSection={asTable ? <IconChartBar size={16} /> : <IconTable size={16} />}
                  onClick={onToggleTable}
                >
                  {asTable ? t('charts:dataTable.hide') : t('charts:dataTable.show')}
                </Menu.Item>
              )}
              {items.includes('downloadCsv') && (
                <Menu.Item leftSection={<IconDownload size={16} />} onClick={onDownload}>
                  {t('cards:menu.downloadCsv')}
                </Menu.Item>
              )}
              {items.includes('download') && (
                <Menu.Item leftSection={<IconDownload size={16} />} onClick={onDownload}>
                  {t('cards:menu.download')}
                </Menu.Item>
              )}
              {items.includes('downloadPng') && onDownloadPng && (
                <Menu.Item leftSection={<IconPhoto size={16} />} onClick={onDownloadPng}>
                  {t('export.downloadPng')}
                </Menu.Item>
              )}
              {items.includes('setAlert') && onSetAlert && (
                <Menu.Item leftSection={<IconBell size={16} />} onClick={onSetAlert}>
                  {t('alerts.setAlert')}
                </Menu.Item>
              )}
              {items.includes('betaCardTypes') && (
                <Menu.Item leftSection={<IconFlask size={16} />} onClick={onBetaCardTypes}>
                  {t('card.betaCardTypes')}
                </Menu.Item>
              )}
              {items.includes('delete') && (
                <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => setConfirming(true)}>
                  {t('card.delete')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </div>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={questionId}>
        <Stack gap="xs">
          <Text size="sm" id={questionId}>
            {t('card.deleteConfirm')}
          </Text>
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red" loading={busy} onClick={() => void remove()}>
              {t('card.delete')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
