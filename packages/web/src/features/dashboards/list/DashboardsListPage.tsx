import { Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { Dashboard } from '@tessera/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import {
  useDashboards,
  useDeleteDashboard,
  useDuplicateDashboard,
  useUpdateDashboardPreview,
} from '../../../api/dashboards.ts';
import { useCurrentProject } from '../../../project/currentProject.tsx';
import { useProjectCan } from '../../../project/useProjectCan.ts';
import { ListPageBody } from '../../../ui/ListPageBody.tsx';
import { ListPageHeader } from '../../../ui/ListPageHeader.tsx';
import { useServerText } from '../../../ui/serverText.ts';
import { TypedConfirmModal } from '../../../ui/TypedConfirmModal.tsx';
import { CreateDashboardModal } from './CreateDashboardModal.tsx';
import { DashboardCard } from './DashboardCard.tsx';
import type { AppAction } from './DashboardMenu.tsx';
import { DashboardSettingsModal } from './DashboardSettingsModal.tsx';
import { visibleDashboards } from './dashboardList.ts';

/**
 * The data apps list (needs dashboard view): cards newest first, "Search Apps", and for editors
 * Create Data App and each card's menu.
 */
export function DashboardsListPage() {
  const { t } = useTranslation('dashboards');
  const serverText = useServerText();
  const { project } = useCurrentProject();
  const projectId = project._id;
  const canEdit = useProjectCan('dashboard:edit');
  const dashboards = useDashboards(projectId);
  const duplicate = useDuplicateDashboard(projectId);
  const updatePreview = useUpdateDashboardPreview(projectId);
  const remove = useDeleteDashboard(projectId);
  const [search, setSearch] = useState('');
  const [creating, create] = useDisclosure(false);
  const [dialog, setDialog] = useState<{ action: 'settings' | 'delete'; dashboard: Dashboard } | null>(null);

  const shown = useMemo(() => visibleDashboards(dashboards.data ?? [], search), [dashboards.data, search]);
  const failed = (error: unknown) =>
    notifications.show({
      color: 'red',
      message: error instanceof ApiError ? serverText(error.message) : t('common.failed'),
    });

  const onAction = (action: AppAction, dashboard: Dashboard) => {
    const name = dashboard.name;
    if (action === 'settings' || action === 'delete') setDialog({ action, dashboard });
    else if (action === 'duplicate') {
      duplicate.mutate(dashboard._id, {
        onSuccess: () => notifications.show({ color: 'green', message: t('appMenu.duplicated', { name }) }),
        onError: failed,
      });
    } else {
      updatePreview.mutate(dashboard._id, {
        onSuccess: () => notifications.show({ message: t('appMenu.previewRequested', { name }) }),
        onError: failed,
      });
    }
  };

  const empty = (dashboards.data?.length ?? 0) === 0 ? 'list.empty' : shown.length === 0 ? 'list.noMatch' : null;

  return (
    <Container size="xl" py="xl">
      <ListPageHeader
        title={t('list.heading')}
        create={canEdit ? { label: t('list.create'), onClick: create.open } : undefined}
        searchLabel={t('list.search')}
        search={search}
        onSearch={setSearch}
      />
      <ListPageBody
        isPending={dashboards.isPending}
        isError={dashboards.isError}
        loadingLabel={t('list.loading')}
        loadFailed={t('list.loadFailed')}
        empty={empty ? { icon: <IconLayoutDashboard size={28} />, title: t(empty) } : null}
      >
        {shown.map((dashboard) => (
          <DashboardCard
            key={dashboard._id}
            projectId={projectId}
            dashboard={dashboard}
            canEdit={canEdit}
            onAction={onAction}
          />
        ))}
      </ListPageBody>
      <CreateDashboardModal projectId={projectId} opened={creating} onClose={create.close} />
      {dialog?.action === 'settings' && (
        <DashboardSettingsModal projectId={projectId} dashboard={dialog.dashboard} onClose={() => setDialog(null)} />
      )}
      <TypedConfirmModal
        opened={dialog?.action === 'delete'}
        onClose={() => setDialog(null)}
        title={t('appMenu.deleteTitle')}
        message={t('appMenu.deleteMessage', { name: dialog?.dashboard.name ?? '' })}
        expected={dialog?.dashboard.name ?? ''}
        confirmLabel={t('common.delete')}
        onConfirm={async () => {
          if (!dialog) return;
          await remove.mutateAsync(dialog.dashboard._id);
          notifications.show({ color: 'green', message: t('appMenu.deleted', { name: dialog.dashboard.name }) });
        }}
      />
    </Container>
  );
}
