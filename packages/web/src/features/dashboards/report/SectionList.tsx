import { Button, NavLink, Stack, Text } from '@mantine/core';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import type { Tab } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { SortableIds } from '../tabs/SortableIds.tsx';
import type { TabDialog } from '../tabs/TabDialogs.tsx';
import { type KeyboardOrder, ORDER_ID_ATTRIBUTE } from '../tabs/useKeyboardOrder.tsx';
import type { TabActions } from '../tabs/useTabActions.ts';
import { sectionElementId } from './ReportSection.tsx';

interface Props {
  tabs: Tab[];
  selectedId: string | null;
  canEdit: boolean;
  actions: TabActions;
  onDialog: (dialog: TabDialog) => void;
  /** Ctrl+Shift+Up / Down on a section moves it (the report's keyboard order). */
  onKeyDown: KeyboardOrder['onKeyDown'];
}

/**
 * The report's side section list: choosing a section scrolls to it; editors drag to reorder (or press
 * Ctrl+Shift+Up / Down on a section) and add sections.
 */
export function SectionList({ tabs, selectedId, canEdit, actions, onDialog, onKeyDown }: Props) {
  const { t } = useTranslation('dashboards');
  const byId = new Map(tabs.map((tab) => [tab._id, tab]));
  return (
    <Stack gap={4} component="nav" aria-label={t('sections.label')}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs">
        {t('sections.label')}
      </Text>
      <SortableIds
        ids={tabs.map((tab) => tab._id)}
        orientation="vertical"
        enabled={canEdit}
        onMove={actions.reorder}
        nameOf={(id) => byId.get(id)?.name}
      >
        {(id, sortable) => (
          <div ref={sortable.ref} style={sortable.style}>
            <NavLink
              {...sortable.handle}
              {...{ [ORDER_ID_ATTRIBUTE]: id }}
              onKeyDown={canEdit ? onKeyDown(id) : undefined}
              component="button"
              label={byId.get(id)?.name}
              active={id === selectedId}
              aria-current={id === selectedId ? 'location' : undefined}
              leftSection={canEdit ? <IconGripVertical size={14} /> : undefined}
              onClick={() => {
                // Also when the section is already the selected one (its path does not change).
                document.getElementById(sectionElementId(id))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                void actions.select(id, true);
              }}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          </div>
        )}
      </SortableIds>
      {canEdit && (
        <Button
          variant="subtle"
          size="xs"
          justify="flex-start"
          leftSection={<IconPlus size={14} />}
          onClick={() => onDialog({ kind: 'new' })}
        >
          {t('sections.add')}
        </Button>
      )}
    </Stack>
  );
}
