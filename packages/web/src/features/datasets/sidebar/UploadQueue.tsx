import { Badge, Button, Collapse, Group, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { COLORS, type DatasetJob } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../ui/format/bytes.ts';
import { useJobMessage } from '../../../ui/serverText.ts';
import { jobStatusColor } from '../dataset/jobMessage.ts';
import type { RunningUpload } from '../upload/UploadsContext.tsx';
import { queueExpanded } from './uploadQueue.ts';

/**
 * The sidebar's upload queue: the files being sent (a progress bar of the bytes sent, and Cancel) and the
 * project's newest dataset jobs. It opens by itself while one of the 3 newest is continue or active.
 */
export function UploadQueue({ jobs, running }: { jobs: DatasetJob[]; running: RunningUpload[] }) {
  const { t, i18n } = useTranslation('datasets');
  const jobMessage = useJobMessage();
  const size = (bytes: number) => formatBytes(bytes, i18n.resolvedLanguage ?? 'en');
  const [chosen, setChosen] = useState<boolean | null>(null);
  const opened = chosen ?? (running.length > 0 || queueExpanded(jobs));
  if (jobs.length === 0 && running.length === 0) return null;
  return (
    <Stack gap={4}>
      <UnstyledButton onClick={() => setChosen(!opened)} aria-expanded={opened}>
        <Group gap={4}>
          {opened ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          <Text size="sm" fw={600}>
            {t('queue.title')}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse expanded={opened} data-testid="upload-queue-body">
        <Stack gap="xs">
          {running.map((u) => (
            <Stack key={u.datasetId} gap={2}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" truncate>
                  {u.name}
                </Text>
                <Button size="compact-xs" variant="subtle" color="red" onClick={u.cancel}>
                  {t('queue.cancel')}
                </Button>
              </Group>
              <Progress value={u.total ? (100 * u.sent) / u.total : 0} aria-label={t('queue.progress')} />
              <Text size="xs" c="dimmed">
                {t('queue.sent', { sent: size(u.sent), total: size(u.total) })}
              </Text>
            </Stack>
          ))}
          {jobs.slice(0, 10).map((job) => (
            <Stack key={job._id} gap={0}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="xs" truncate>
                  {job.fileName ?? job.name}
                </Text>
                <Badge size="xs" color={jobStatusColor(job.status)} data-status={job.status}>
                  {t(`jobStatus.${job.status}`)}
                </Badge>
              </Group>
              {job.status === 'failed' && job.message && (
                <Text size="xs" c={COLORS.error} data-testid="queue-job-message">
                  {jobMessage(job)}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
