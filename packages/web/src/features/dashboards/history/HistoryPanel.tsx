import { Badge, Button, Drawer, Group, Loader, Pagination, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { HISTORY_PAGE_SIZE } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardVersions } from '../../../api/dashboardHistory.ts';
import { groupByDay } from './historyDays.ts';
import { VersionPreview } from './VersionPreview.tsx';

interface Props {
  projectId: string;
  dashboardId: string;
  opened: boolean;
  onClose: () => void;
  canEdit: boolean;
}

/**
 * The History panel (docs/data-apps.md "History"): the data app's versions newest first, grouped by day,
 * filterable by person; selecting one previews the app as it was, read-only, with what differs from now, and
 * (for editors) Restore.
 */
export function HistoryPanel({ projectId, dashboardId, opened, onClose, canEdit }: Props) {
  const { t, i18n } = useTranslation('dashboards');
  const [page, setPage] = useState(1);
  const [person, setPerson] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useDashboardVersions(projectId, dashboardId, page, person);
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' });
  const timeFormat = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  const groups = groupByDay(list.data?.versions ?? [], (time) => dayFormat.format(new Date(time)));
  const people = (list.data?.people ?? []).map((p) => ({
    value: p._id,
    label: `${p.name.first} ${p.name.last}`.trim(),
  }));

  return (
    <>
      <Drawer opened={opened} onClose={onClose} position="right" title={t('history.title')} size="md">
        <Stack gap="sm">
          <Select
            label={t('history.person')}
            placeholder={t('history.everyone')}
            data={people}
            value={person}
            onChange={(value) => {
              setPerson(value);
              setPage(1);
            }}
            clearable
          />
          {list.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
          {list.isError && <Text c="red">{t('common.failed')}</Text>}
          {groups.map((group) => (
            <Stack key={group.day} gap={4}>
              <Text size="sm" fw={600} c="dimmed">
                {group.day}
              </Text>
              {group.versions.map((version) => (
                <UnstyledButton
                  key={version._id}
                  onClick={() => setSelected(version._id)}
                  aria-label={t('history.open', { number: version.number })}
                  p="xs"
                  style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)' }}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {version.summary}
                    </Text>
                    <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {timeFormat.format(new Date(version.time))}
                      </Text>
                      <Badge size="xs" variant="light">
                        {t('history.number', { number: version.number })}
                      </Badge>
                    </Stack>
                  </Group>
                </UnstyledButton>
              ))}
            </Stack>
          ))}
          {list.data && list.data.total > HISTORY_PAGE_SIZE && (
            <Pagination
              total={Math.ceil(list.data.total / HISTORY_PAGE_SIZE)}
              value={page}
              onChange={setPage}
              size="sm"
            />
          )}
          {list.data?.total === 0 && <Text c="dimmed">{t('history.empty')}</Text>}
          <Button variant="default" onClick={onClose}>
            {t('history.close')}
          </Button>
        </Stack>
      </Drawer>
      {selected && (
        <VersionPreview
          projectId={projectId}
          dashboardId={dashboardId}
          versionId={selected}
          canEdit={canEdit}
          onClose={() => setSelected(null)}
          onRestored={() => {
            setSelected(null);
            onClose();
          }}
        />
      )}
    </>
  );
}
