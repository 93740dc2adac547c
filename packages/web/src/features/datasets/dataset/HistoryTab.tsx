import { ActionIcon, Alert, Badge, Button, Center, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { COLORS, type Dataset } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { refreshDatasets, sendDatasetFile, useDatasetHistory, useDeleteJobData } from '../../../api/datasets.ts';
import { useJobMessage, useServerText } from '../../../ui/serverText.ts';
import { UploadForm } from '../upload/UploadForm.tsx';
import { jobStatusColor } from './jobMessage.ts';

/**
 * Append History (file datasets): original file name, created, last updated, the jobs with a delete
 * of each job's rows, and appending a file (its columns must match the original's). A refused append keeps
 * the modal open with the server's reason (the columns it names, api/serverErrors.ts); a failed job shows its reason
 * under its status (translated by the code stored with it, else its text as given: ui/serverText.ts useJobMessage).
 */
export function HistoryTab({ projectId, dataset, canEdit }: { projectId: string; dataset: Dataset; canEdit: boolean }) {
  const { t, i18n } = useTranslation('datasets');
  const serverText = useServerText();
  const jobMessage = useJobMessage();
  const client = useQueryClient();
  const history = useDatasetHistory(projectId, dataset._id, true);
  const deleteData = useDeleteJobData(projectId);
  const [appending, setAppending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  // Why the last append was refused (the server's reason, translated), shown in the modal.
  const [appendError, setAppendError] = useState<string | null>(null);
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language);

  const append = async (file: File) => {
    setAppendError(null);
    const handle = sendDatasetFile(dataset._id, file, 'append', (sent, total) => setProgress(total ? sent / total : 0));
    try {
      await handle.done;
      setAppending(false);
    } catch (e) {
      setAppendError(e instanceof ApiError ? e.message : serverText(String(e)));
    } finally {
      setProgress(null);
      void refreshDatasets(client, projectId);
    }
  };
  const confirmDelete = (jobId: string) =>
    modals.openConfirmModal({
      title: t('history.deleteTitle'),
      children: <Text size="sm">{t('history.deleteQuestion')}</Text>,
      labels: { confirm: t('common.delete'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => deleteData.mutate({ id: dataset._id, jobId }),
    });

  if (!history.data) {
    return (
      <Center py="lg">
        <Loader aria-label={t('page.loading')} />
      </Center>
    );
  }
  const h = history.data;
  return (
    <Stack>
      <Text size="sm">{t('history.originalFile', { name: h.originalFileName ?? '—' })}</Text>
      <Text size="sm">{t('history.created', { date: when(h.timeCreated) })}</Text>
      <Text size="sm">{t('history.lastUpdated', { date: when(h.lastUpdated) })}</Text>
      <Title order={5}>{t('history.jobs')}</Title>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.file')}</Table.Th>
            <Table.Th>{t('history.date')}</Table.Th>
            <Table.Th>{t('history.rows')}</Table.Th>
            <Table.Th>{t('history.status')}</Table.Th>
            {canEdit && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {h.jobs.map((job) => (
            <Table.Tr key={job._id}>
              <Table.Td>{job.fileName ?? job.name}</Table.Td>
              <Table.Td>{when(job.timeCreated)}</Table.Td>
              <Table.Td>{job.dataDeleted ? t('history.dataDeleted') : (job.rowCount ?? '')}</Table.Td>
              <Table.Td>
                <Badge size="sm" color={jobStatusColor(job.status)} data-status={job.status}>
                  {t(`jobStatus.${job.status}`)}
                </Badge>
                {job.status === 'failed' && job.message && (
                  <Text size="xs" c={COLORS.error} mt={4} data-testid="job-message">
                    {jobMessage(job)}
                  </Text>
                )}
              </Table.Td>
              {canEdit && (
                <Table.Td>
                  {job.status === 'completed' && !job.dataDeleted && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('history.deleteData')}
                      onClick={() => confirmDelete(job._id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {canEdit && dataset.imported && (
        <Button variant="light" w="fit-content" onClick={() => setAppending(true)}>
          {t('history.append')}
        </Button>
      )}
      <Modal
        opened={appending}
        onClose={() => {
          setAppending(false);
          setAppendError(null);
        }}
        title={t('history.appendTitle')}
      >
        {appendError && (
          <Alert color="red" role="alert" title={t('history.appendFailed')} mb="sm" data-testid="append-error">
            {appendError}
          </Alert>
        )}
        <UploadForm withName={false} submitLabel={t('history.appendSubmit')} onUpload={append} />
        {progress !== null && (
          <Text size="sm" mt="xs">
            {t('history.appendProgress', { percent: Math.round(progress * 100) })}
          </Text>
        )}
      </Modal>
    </Stack>
  );
}
