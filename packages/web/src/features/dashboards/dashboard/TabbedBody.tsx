import { Stack } from '@mantine/core';
import { useState } from 'react';
import type { DashboardView } from '../../../api/dashboards.ts';
import { useDashboardMode } from '../../canvas/index.ts';
import { TabDialogs } from '../editorParts.tsx';
import { CardGrid } from '../grid/CardGrid.tsx';
import { TabBar } from '../tabs/TabBar.tsx';
import type { TabDialog } from '../tabs/TabDialogs.tsx';
import { useTabActions } from '../tabs/useTabActions.ts';
import { EmptyDashboard } from './EmptyDashboard.tsx';

/** A dashboard's body: the tab bar and the selected tab's card grid, or the empty data app. */
export function TabbedBody({ view, tabId }: { view: DashboardView; tabId: string | null }) {
  const { canEdit } = useDashboardMode();
  const actions = useTabActions(view);
  const [dialog, setDialog] = useState<TabDialog | null>(null);
  const tab = view.tabs.find((candidate) => candidate._id === tabId);

  if (view.tabs.length === 0) {
    return <EmptyDashboard report={false} canEdit={canEdit} onAdd={() => void actions.createDefault()} />;
  }
  return (
    <Stack gap="md">
      <TabBar tabs={view.tabs} selectedId={tabId} canEdit={canEdit} actions={actions} onDialog={setDialog} />
      {tab && (
        <div role="tabpanel" aria-label={tab.name}>
          <CardGrid key={tab._id} tab={tab} units={view.units.filter((unit) => unit.tabId === tab._id)} />
        </div>
      )}
      {canEdit && <TabDialogs dialog={dialog} actions={actions} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
