import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { api, fillPath } from '@tessera/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { tokenStore } from '../../../api/client.ts';
import { createFileDataset, failUpload, refreshDatasets, sendDatasetFile } from '../../../api/datasets.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { type RunningUpload, UploadsContext } from './UploadsContext.tsx';

/** Fails the dataset's upload job while the page unloads: keepalive lets the request outlive the page. */
function failOnUnload(datasetId: string) {
  const token = tokenStore.get();
  void fetch(fillPath(api.failDatasetJob.path, { id: datasetId }), {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: '{}',
  }).catch(() => {});
}

/**
 * Holds the datasets area's running uploads (they survive moving between its pages) and guards leaving while
 * one runs: the browser's own prompt on unload, and "A dataset is still uploading, do you want to leave the
 * page?" on a navigation out of the area. Leaving cancels the uploads and fails their jobs.
 */
export function UploadsProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  const { t } = useTranslation('datasets');
  const serverText = useServerText();
  const client = useQueryClient();
  const [running, setRunning] = useState<RunningUpload[]>([]);
  const runningRef = useRef(running);
  runningRef.current = running;

  const patch = useCallback((datasetId: string, change: Partial<RunningUpload> | null) => {
    setRunning((all) =>
      change === null
        ? all.filter((u) => u.datasetId !== datasetId)
        : all.map((u) => (u.datasetId === datasetId ? { ...u, ...change } : u)),
    );
  }, []);

  const start = useCallback(
    async (file: File, name: string) => {
      let datasetId: string;
      try {
        datasetId = (await createFileDataset(projectId, name))._id;
      } catch (error) {
        notifications.show({ color: 'red', message: serverText((error as Error).message) });
        return null;
      }
      void refreshDatasets(client, projectId);
      const handle = sendDatasetFile(datasetId, file, 'upload', (sent, total) => patch(datasetId, { sent, total }));
      const cancel = () => {
        handle.abort();
        void failUpload(datasetId).finally(() => refreshDatasets(client, projectId));
      };
      setRunning((all) => [...all, { datasetId, name, sent: 0, total: file.size, cancel }]);
      handle.done
        .then(() => refreshDatasets(client, projectId))
        .catch((error: { code?: string; message: string }) => {
          if (error.code !== 'aborted') notifications.show({ color: 'red', message: serverText(error.message) });
        })
        .finally(() => patch(datasetId, null));
      return datasetId;
    },
    [client, patch, projectId, serverText],
  );

  const uploading = running.length > 0;
  useEffect(() => {
    if (!uploading) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    const leave = () => {
      for (const u of runningRef.current) failOnUnload(u.datasetId);
    };
    window.addEventListener('beforeunload', ask);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('beforeunload', ask);
      window.removeEventListener('pagehide', leave);
    };
  }, [uploading]);

  const areaPath = `/projects/${projectId}/datasets`;
  const blocker = useBlocker(({ nextLocation }) => uploading && !nextLocation.pathname.startsWith(areaPath));
  const leave = () => {
    for (const u of runningRef.current) u.cancel();
    blocker.proceed?.();
  };

  const value = useMemo(() => ({ running, start }), [running, start]);
  return (
    <UploadsContext.Provider value={value}>
      {children}
      <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('leave.title')}>
        <Text>{t('leave.question')}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('leave.stay')}
          </Button>
          <Button color="red" onClick={leave}>
            {t('leave.leave')}
          </Button>
        </Group>
      </Modal>
    </UploadsContext.Provider>
  );
}
