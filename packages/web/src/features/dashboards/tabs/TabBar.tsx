import { ActionIcon, Box, Group, ScrollArea, Tooltip, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Tab } from '@tessera/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardMode } from '../../canvas/index.ts';
import { useExport } from '../export/useExport.ts';
import { SortableIds } from './SortableIds.tsx';
import classes from './TabBar.module.css';
import type { TabDialog } from './TabDialogs.tsx';
import { TabMenu } from './TabMenu.tsx';
import { ORDER_ID_ATTRIBUTE, useKeyboardOrder } from './useKeyboardOrder.tsx';
import type { TabActions } from './useTabActions.ts';

interface Props {
  tabs: Tab[];
  selectedId: string | null;
  canEdit: boolean;
  actions: TabActions;
  onDialog: (dialog: TabDialog) => void;
}

/**
 * The tab bar of a dashboard: the tabs in their order, selecting one opens its path; editors drag
 * them to reorder (saved as the dashboard's tab id list) or move them by keyboard (Ctrl+Shift+arrow, or Move
 * left / Move right in the tab's menu), add a tab, and use each tab's menu.
 */
export function TabBar({ tabs, selectedId, canEdit, actions, onDialog }: Props) {
  const { t } = useTranslation('dashboards');
  const idPrefix = useId();
  const byId = new Map(tabs.map((tab) => [tab._id, tab]));
  const { place } = useDashboardMode();
  // A tab's PNG is made by the server for signed-in members (docs/data-apps.md "Export").
  const exportable = place.kind === 'project';
  const order = useKeyboardOrder(tabs, 'tabs', actions.reorder, 'horizontal');
  const exporter = useExport(
    tabs[0]?.dashboardId ?? '',
    tabs.map((tab) => tab._id),
  );
  return (
    <Group gap="xs" wrap="nowrap" className={classes.bar}>
      <ScrollArea type="auto" scrollbarSize={6} offsetScrollbars style={{ flex: 1, minWidth: 0 }}>
        {/*
          A tab list may own only tabs, and each tab has its menu button beside it: the tab list owns the tabs by
          aria-owns and holds nothing itself, the row shows each tab with its menu (docs/accessibility.md).
        */}
        <div
          role="tablist"
          aria-label={t('tabs.label')}
          aria-orientation="horizontal"
          aria-owns={tabs.map((tab) => tabElementId(idPrefix, tab._id)).join(' ')}
        />
        <Group gap={4} wrap="nowrap" py={4}>
          <SortableIds
            ids={tabs.map((tab) => tab._id)}
            orientation="horizontal"
            enabled={canEdit}
            onMove={actions.reorder}
            nameOf={(id) => byId.get(id)?.name}
          >
            {(id, sortable) => {
              const tab = byId.get(id) as Tab;
              const selected = id === selectedId;
              return (
                <Box
                  ref={sortable.ref}
                  style={sortable.style}
                  className={classes.tab}
                  data-selected={selected || undefined}
                >
                  <UnstyledButton
                    {...sortable.handle}
                    {...{ [ORDER_ID_ATTRIBUTE]: id }}
                    onKeyDown={canEdit ? order.onKeyDown(id) : undefined}
                    id={tabElementId(idPrefix, id)}
                    role="tab"
                    aria-selected={selected}
                    className={classes.tabButton}
                    title={tab.description || undefined}
                    onClick={() => !selected && void actions.select(id)}
                  >
                    {tab.name}
                  </UnstyledButton>
                  {(canEdit || exportable) && (
                    <TabMenu
                      tab={tab}
                      words="tabs"
                      canEdit={canEdit}
                      onDialog={onDialog}
                      onDuplicate={(tabId) => void actions.duplicate(tabId)}
                      onMove={(tabId, offset) => order.move(tabId, offset)}
                      canMove={order.canMove}
                      onDownloadPng={
                        exportable ? (tabId) => void exporter.start({ format: 'png', tabs: [tabId] }) : undefined
                      }
                    />
                  )}
                </Box>
              );
            }}
          </SortableIds>
        </Group>
      </ScrollArea>
      {order.region}
      {canEdit && (
        <Tooltip label={t('tabs.add')} openDelay={500}>
          <ActionIcon variant="light" aria-label={t('tabs.add')} onClick={() => onDialog({ kind: 'new' })}>
            <IconPlus size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The id of a tab's element, which the tab list's aria-owns names. */
function tabElementId(prefix: string, tabId: string): string {
  return `${prefix}tab-${tabId}`;
}
