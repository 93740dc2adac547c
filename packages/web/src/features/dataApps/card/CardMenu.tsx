import { ActionIcon, Button, Group, Menu, Popover, Stack, Text } from '@mantine/core';
import { IconCopy, IconDots, IconFlask, IconNotes, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type CardMenuItem = 'editDescription' | 'duplicate' | 'delete' | 'betaCardTypes';

/**
 * Which items a card's menu has (spec 2 §2 "Card"). Editing, copying and deleting need the edit right; Beta
 * Card Types only on a card with no type yet. Download as CSV and Download come with card data (query issue).
 * The menu is hidden for public accounts.
 */
export function cardMenuItems(
  card: { hasType: boolean },
  rights: { canEdit: boolean; cardMenu: boolean },
): CardMenuItem[] {
  if (!rights.cardMenu || !rights.canEdit) return [];
  const items: CardMenuItem[] = ['editDescription', 'duplicate', 'delete'];
  if (!card.hasType) items.push('betaCardTypes');
  return items;
}

interface Props {
  items: CardMenuItem[];
  onEditDescription: () => void;
  onDuplicate: () => void;
  onDelete: () => Promise<unknown>;
  onBetaCardTypes: () => void;
}

/** The card menu; Delete asks in a confirmation popover anchored to the menu button. */
export function CardMenu({ items, onEditDescription, onDuplicate, onDelete, onBetaCardTypes }: Props) {
  const { t } = useTranslation('dataApps');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
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
    <Popover opened={confirming} onChange={setConfirming} position="bottom-end" withArrow shadow="md" trapFocus>
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
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{t('card.deleteConfirm')}</Text>
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
