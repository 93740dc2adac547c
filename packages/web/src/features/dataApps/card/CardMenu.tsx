import { ActionIcon, Button, Group, Menu, Popover, Stack, Text } from '@mantine/core';
import {
  IconChartBar,
  IconCopy,
  IconDots,
  IconDownload,
  IconFlask,
  IconNotes,
  IconPhoto,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import type { UnitType } from '@tessera/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CardMenuItem =
  | 'editDescription'
  | 'duplicate'
  | 'showTable'
  | 'downloadCsv'
  | 'download'
  | 'downloadPng'
  | 'delete'
  | 'betaCardTypes';

/**
 * Which items a card's menu has. Editing, copying and deleting need the edit right; Beta
 * Card Types only on a card with no type yet. Download as CSV on chart and table cards, Download on custom
 * cards, both only with data that has no error. The menu is hidden for public accounts, and for read-only users
 * of KPI or custom cards (a reader of a chart or table keeps Download as CSV). Download PNG (docs/data-apps.md
 * "Export") on every typed card where the server may export it (`exportable`: inside a project), readers too. A chart with data has "Show as
 * table" for everyone who has the menu (docs/accessibility.md "Charts"; public pages have a button instead).
 */
export function cardMenuItems(
  card: { type: UnitType | null; downloadable: boolean },
  rights: { canEdit: boolean; cardMenu: boolean; exportable?: boolean },
): CardMenuItem[] {
  if (!rights.cardMenu) return [];
  const tabular = card.type === 'chart' || card.type === 'table';
  const png: CardMenuItem[] = rights.exportable && card.type !== null ? ['downloadPng'] : [];
  const table: CardMenuItem[] = card.type === 'chart' && card.downloadable ? ['showTable'] : [];
  if (!rights.canEdit) return [...(tabular && card.downloadable ? [...table, 'downloadCsv' as const] : []), ...png];
  const items: CardMenuItem[] = ['editDescription', 'duplicate', ...table];
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
  onDownload: () => void;
  onDownloadPng?: () => void;
  onDelete: () => Promise<unknown>;
  onBetaCardTypes: () => void;
  /** Whether the chart shows as a table now (the item then reads "Show as chart"). */
  asTable?: boolean;
  onToggleTable?: () => void;
}

/** The card menu; Delete asks in a confirmation popover anchored to the menu button. */
export function CardMenu({
  items,
  onEditDescription,
  onDuplicate,
  onDownload,
  onDownloadPng,
  onDelete,
  onBetaCardTypes,
  asTable = false,
  onToggleTable,
}: Props) {
  const { t } = useTranslation(['dataApps', 'cards', 'charts']);
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
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('card.menu')}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
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
