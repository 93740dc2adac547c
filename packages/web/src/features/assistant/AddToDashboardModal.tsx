import { Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProposedCard } from '@tessera/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { addProposedCard } from '../../api/assistant.ts';
import { dashboardKeys, useDashboard, useDashboards } from '../../api/dashboards.ts';
import { dashboardPath } from '../canvas/index.ts';

interface Props {
  card: ProposedCard;
  projectId: string;
  onClose: () => void;
}

/** 'Add to dashboard': choose a data app and one of its tabs; the card is created there with its vis. */
export function AddToDashboardModal({ card, projectId, onClose }: Props) {
  const { t } = useTranslation('assistant');
  const client = useQueryClient();
  const navigate = useNavigate();
  const dashboards = useDashboards(projectId);
  const [dashboardId, setDashboardId] = useState<string | null>(null);
  const [tabId, setTabId] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => addProposedCard(tabId as string, card),
    onSuccess: async () => {
      const chosen = dashboards.data?.find((d) => d._id === dashboardId);
      await client.invalidateQueries({ queryKey: dashboardKeys.all(projectId) });
      notifications.show({
        color: 'green',
        message: (
          <Text size="sm">
            {t('add.done', { dashboard: chosen?.name ?? '' })}{' '}
            {chosen ? (
              // Notifications render outside the router: the link navigates with the page's own navigate.
              <Anchor
                href={dashboardPath({ kind: 'project', projectId }, chosen, tabId)}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(dashboardPath({ kind: 'project', projectId }, chosen, tabId));
                }}
              >
                {t('add.open')}
              </Anchor>
            ) : null}
          </Text>
        ),
      });
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title={t('add.title')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (dashboardId && tabId) add.mutate();
        }}
      >
        <Stack>
          {dashboards.data && dashboards.data.length === 0 ? <Text size="sm">{t('add.noDashboards')}</Text> : null}
          <Select
            label={t('add.dashboard')}
            data={(dashboards.data ?? []).map((d) => ({ value: d._id, label: d.name }))}
            value={dashboardId}
            onChange={(value) => {
              setDashboardId(value);
              setTabId(null);
            }}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          {dashboardId ? (
            <TabSelect projectId={projectId} dashboardId={dashboardId} value={tabId} onChange={setTabId} />
          ) : (
            <Select label={t('add.tab')} data={[]} disabled />
          )}
          {add.isError ? (
            <Text c="red" size="sm" role="alert">
              {add.error.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('add.cancel')}
            </Button>
            <Button type="submit" loading={add.isPending} disabled={!dashboardId || !tabId}>
              {t('add.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The tabs of the chosen data app; its first tab is chosen at once. */
function TabSelect(props: {
  projectId: string;
  dashboardId: string;
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('assistant');
  const dashboard = useDashboard(props.projectId, props.dashboardId);
  const tabs = dashboard.data?.tabs ?? [];
  const { value, onChange } = props;
  useEffect(() => {
    if (!value && tabs[0]) onChange(tabs[0]._id);
  }, [value, tabs, onChange]);
  return (
    <Select
      label={t('add.tab')}
      data={tabs.map((tab) => ({ value: tab._id, label: tab.name }))}
      value={value}
      onChange={onChange}
      disabled={tabs.length === 0}
    />
  );
}
