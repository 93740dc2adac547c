import { ActionIcon, Button, Group, Menu, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBell,
  IconDatabase,
  IconDots,
  IconFileTypePdf,
  IconHistory,
  IconMail,
  IconPlus,
} from '@tabler/icons-react';
import type { ColorSchemeName } from '@tessera/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardView } from '../../../api/dashboards.ts';
import { useUpdateDashboard } from '../../../api/dashboards.ts';
import { placeProjectId, useDashboardMode } from '../../canvas/index.ts';
import { CrossFilterBar } from '../../crossFilters/index.ts';
import { FilterBar } from '../../filters/index.ts';
import { AlertsPanel } from '../alerts/AlertsPanel.tsx';
import { ColorMenu, ModelBars, PublicModelBars } from '../editorParts.tsx';
import { ExportPdfDialog } from '../export/ExportPdfDialog.tsx';
import { useExport } from '../export/useExport.ts';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { UndoRedo } from '../history/UndoRedo.tsx';
import { SubscribeModal } from '../subscriptions/SubscribeModal.tsx';
import { AppDescription } from './AppDescription.tsx';
import { CopyPublicLinkButton } from './CopyPublicLinkButton.tsx';

interface Props {
  dashboard: DashboardView['dashboard'];
  /** Its tabs (sections), in order: Export PDF offers them. */
  tabs: DashboardView['tabs'];
  /** The public address, when the project is public and its organization shares (else no button). */
  publicLink: string | null;
  /** The dataset side list's toggle; absent outside a project. */
  datasets?: { opened: boolean; toggle: () => void };
  /** Add Card for the selected tab of a dashboard (a report adds cards per section). */
  onAddCard?: () => void;
  addingCard?: boolean;
}

/**
 * The dashboard header: title; Copy Public Link; the colour menu for editors unless
 * hideDashboardColors; the filter bar (unless hideFilters) and the model bars unless hideCommandBar: inside a
 * project to run, on the public page read-only (the inputs of the run shown); Show Datasets and Add Card; the
 * menu's History, Export PDF (docs/data-apps.md "Export") and Subscribe… ("Subscriptions").
 */
export function DashboardHeader({ dashboard, tabs, publicLink, datasets, onAddCard, addingCard }: Props) {
  const { t } = useTranslation('dashboards');
  const { canEdit, place } = useDashboardMode();
  const projectId = placeProjectId(place);
  const update = useUpdateDashboard(projectId ?? '');
  const hide = dashboard.display.hide;
  const [historyOpened, history] = useDisclosure(false);
  const [exportOpened, exportDialog] = useDisclosure(false);
  const [subscribeOpened, subscribe] = useDisclosure(false);
  const [alertsOpened, alertsPanel] = useDisclosure(false);
  const inProject = place.kind === 'project' && projectId !== null;
  const exporter = useExport(dashboard._id, dashboard.tabs);
  const menuButton = useRef<HTMLButtonElement>(null);

  const chooseColors = (colorScheme: ColorSchemeName) =>
    update.mutate(
      { id: dashboard._id, change: { colors: { colorScheme } } },
      { onError: () => notifications.show({ color: 'red', message: t('common.failed') }) },
    );

  return (
    <Stack gap={0}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {/* At least 16rem wide: on a narrow window the buttons wrap below the title rather than squeeze it. */}
        <Stack gap={0} miw={0} style={{ flex: '1 1 16rem' }}>
          <Title order={2} fz={{ base: 'h3', sm: 'h2' }} style={{ overflowWrap: 'anywhere' }}>
            {dashboard.name}
          </Title>
          {dashboard.description && (
            <AppDescription description={dashboard.description} testId="dashboard-description" />
          )}
        </Stack>
        <Group gap="xs" wrap="wrap">
          {inProject && canEdit && <UndoRedo projectId={projectId} dashboardId={dashboard._id} />}
          {datasets && (
            <Button variant="default" size="xs" leftSection={<IconDatabase size={16} />} onClick={datasets.toggle}>
              {datasets.opened ? t('header.hideDatasets') : t('header.showDatasets')}
            </Button>
          )}
          {publicLink && <CopyPublicLinkButton link={publicLink} />}
          {canEdit && !hide.hideDashboardColors && (
            <ColorMenu current={dashboard.colors.colorScheme} busy={update.isPending} onChoose={chooseColors} />
          )}
          {canEdit && onAddCard && (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={onAddCard} loading={addingCard}>
              {t('header.addCard')}
            </Button>
          )}
          {inProject && (
            <Menu position="bottom-end" shadow="md" withinPortal>
              <Menu.Target>
                <ActionIcon ref={menuButton} variant="subtle" color="gray" aria-label={t('header.menu')}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconHistory size={16} />} onClick={history.open}>
                  {t('history.title')}
                </Menu.Item>
                <Menu.Item leftSection={<IconBell size={16} />} onClick={alertsPanel.open}>
                  {t('alerts.menuItem')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconFileTypePdf size={16} />}
                  disabled={exporter.busy}
                  onClick={exportDialog.open}
                >
                  {t('export.exportPdf')}
                </Menu.Item>
                <Menu.Item leftSection={<IconMail size={16} />} onClick={subscribe.open}>
                  {t('subscriptions.subscribe')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      {!hide.hideFilters && <FilterBar dashboardId={dashboard._id} />}
      <CrossFilterBar dashboardId={dashboard._id} />
      {!hide.hideCommandBar && projectId && <ModelBars projectId={projectId} dashboardId={dashboard._id} />}
      {!hide.hideCommandBar && place.kind === 'public' && <PublicModelBars dashboardId={dashboard._id} />}
      {inProject && (
        <ExportPdfDialog
          opened={exportOpened}
          onClose={exportDialog.close}
          tabs={tabs}
          sections={dashboard.type === 'Report'}
          busy={exporter.busy}
          onExport={(request) => void exporter.start(request)}
          returnFocusTo={menuButton}
        />
      )}
      {inProject && (
        <AlertsPanel
          projectId={projectId}
          dashboardId={dashboard._id}
          opened={alertsOpened}
          onClose={alertsPanel.close}
        />
      )}
      {inProject && historyOpened && (
        <HistoryPanel
          projectId={projectId}
          dashboardId={dashboard._id}
          opened={historyOpened}
          onClose={history.close}
          canEdit={canEdit}
        />
      )}
      {inProject && subscribeOpened && (
        <SubscribeModal
          projectId={projectId}
          dashboard={dashboard}
          canEdit={canEdit}
          opened={subscribeOpened}
          onClose={subscribe.close}
        />
      )}
    </Stack>
  );
}
