import { Box, Group, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { DashboardView } from '../../../api/dashboards.ts';
import { useDashboardMode } from '../../canvas/index.ts';
import { EmptyDashboard } from '../dashboard/EmptyDashboard.tsx';
import type { useAddCard } from '../dashboard/useAddCard.ts';
import { TabDialogs } from '../editorParts.tsx';
import type { TabDialog } from '../tabs/TabDialogs.tsx';
import { useKeyboardOrder } from '../tabs/useKeyboardOrder.tsx';
import { useTabActions } from '../tabs/useTabActions.ts';
import { ReportSection, sectionElementId } from './ReportSection.tsx';
import { SectionList } from './SectionList.tsx';

interface Props {
  view: DashboardView;
  tabId: string | null;
  addCard: ReturnType<typeof useAddCard>;
}

/**
 * A report: its tabs are sections of one scrolling page, listed at the side; choosing one in the
 * list (or opening its path) scrolls to it.
 */
export function ReportBody({ view, tabId, addCard }: Props) {
  const { canEdit } = useDashboardMode();
  const actions = useTabActions(view);
  const [dialog, setDialog] = useState<TabDialog | null>(null);
  // One order for the side list (Ctrl+Shift+Up / Down) and the sections' menus (Move up / Move down).
  const order = useKeyboardOrder(view.tabs, 'sections', actions.reorder, 'vertical');

  // Opening the report at its first section shows the page from its top (title included); any other section,
  // and every later change of section, scrolls to it.
  const opened = useRef(false);
  const firstId = useRef<string | undefined>(undefined);
  firstId.current = view.tabs[0]?._id;
  useEffect(() => {
    const first = !opened.current;
    opened.current = true;
    if (!tabId || (first && tabId === firstId.current)) return;
    document
      .getElementById(sectionElementId(tabId))
      ?.scrollIntoView({ behavior: first ? 'auto' : 'smooth', block: 'start' });
  }, [tabId]);

  if (view.tabs.length === 0) {
    return <EmptyDashboard report canEdit={canEdit} onAdd={() => void actions.createDefault()} />;
  }
  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Box visibleFrom="sm" w={220} style={{ flexShrink: 0, position: 'sticky', top: 76 }}>
        <SectionList
          tabs={view.tabs}
          selectedId={tabId}
          canEdit={canEdit}
          actions={actions}
          onDialog={setDialog}
          onKeyDown={order.onKeyDown}
        />
      </Box>
      <Stack gap="xl" flex={1} miw={0}>
        {view.tabs.map((tab) => (
          <ReportSection
            key={tab._id}
            tab={tab}
            units={view.units.filter((unit) => unit.tabId === tab._id)}
            selected={tab._id === tabId}
            canEdit={canEdit}
            onAddCard={() => addCard.add(tab)}
            adding={addCard.adding}
            onDialog={setDialog}
            onDuplicate={(id) => void actions.duplicate(id)}
            onMove={order.move}
            canMove={order.canMove}
          />
        ))}
      </Stack>
      {order.region}
      {canEdit && <TabDialogs dialog={dialog} actions={actions} onClose={() => setDialog(null)} />}
    </Group>
  );
}
