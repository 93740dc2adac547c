import { Alert, Button, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Model, type OutputUpdate, TOAST_MS } from '@tessera/shared';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModel, useModelEdits, useModelRun, useSourceMutations } from '../../../api/models.ts';
import { FunctionPicker } from '../FunctionPicker.tsx';
import { InputsStep } from '../onboard/InputsStep.tsx';
import { OutputMergeCard } from './OutputMergeCard.tsx';

type Tab = 'source' | 'inputs' | 'outputs';

/**
 * Update Source Function: tabs Select Source, Review Inputs, Update Outputs. A trial run writes
 * new datasets; each merges with a previous output (Linked) or becomes New; Commit keeps cards working on linked
 * features; Cancel removes the unused new datasets.
 */
export function UpdateSourceModal({
  model,
  projectId,
  onClose,
}: {
  model: Model;
  projectId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('models');
  const live = useModel(projectId, model._id).data ?? model;
  const [tab, setTab] = useState<Tab>('source');
  const [algorithmId, setAlgorithmId] = useState<string | null>(model.algorithmId);
  const [runId, setRunId] = useState<string | null>(null);
  const [updates, setUpdates] = useState<Record<string, OutputUpdate>>({});
  const { setAlgorithm } = useModelEdits(projectId);
  const { trialRun, commit, cancel } = useSourceMutations(projectId, model._id);
  const run = useModelRun(projectId, runId).data;
  const change = useCallback((u: OutputUpdate) => setUpdates((all) => ({ ...all, [u.datasetId]: u })), []);
  const error = setAlgorithm.error ?? trialRun.error ?? commit.error ?? cancel.error;
  // A failed update (a refused step, or the trial run failing) raises "Source Code Update Failed:" too.
  const failure = error?.message ?? (run?.status === 'failed' ? (run.error ?? '') : undefined);
  useEffect(() => {
    if (failure === undefined) return;
    notifications.show({
      id: `model-source-failed-${model._id}`,
      color: 'red',
      autoClose: TOAST_MS.jobLong,
      title: t('notices.sourceUpdateFailed'),
      message: failure ? `${live.name}: ${failure}` : live.name,
    });
  }, [failure, model._id, live.name, t]);
  const pickSource = () =>
    algorithmId && setAlgorithm.mutate({ id: model._id, algorithmId }, { onSuccess: () => setTab('inputs') });
  const startTrial = () => {
    setTab('outputs');
    setUpdates({});
    trialRun.mutate([], { onSuccess: (r) => setRunId(r._id) });
  };
  const close = () => {
    if (live.tempOutputs.length) cancel.mutate(undefined, { onSettled: onClose });
    else onClose();
  };
  const temps = run?.status === 'finished' ? live.tempOutputs : [];
  const ready = temps.length > 0 && temps.every((o) => updates[o.dataset._id]);
  const doCommit = () =>
    commit.mutate(
      temps.map((o) => updates[o.dataset._id] as OutputUpdate),
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={close} title={t('source.title')} size="xl">
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)}>
        <Tabs.List mb="md">
          <Tabs.Tab value="source">{t('source.select')}</Tabs.Tab>
          <Tabs.Tab value="inputs">{t('source.review')}</Tabs.Tab>
          <Tabs.Tab value="outputs" disabled={!runId}>
            {t('source.outputs')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="source">
          <Stack>
            <FunctionPicker projectId={projectId} value={algorithmId} onChange={setAlgorithmId} />
            <Group justify="flex-end">
              <Button onClick={pickSource} disabled={!algorithmId} loading={setAlgorithm.isPending}>
                {t('setup.continue')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="inputs">
          {tab === 'inputs' && (
            <InputsStep
              key={live.algorithmId}
              model={live}
              projectId={projectId}
              saveLabel={t('source.runTrial')}
              onSaved={startTrial}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="outputs">
          <Stack>
            {(!run || run.status === 'queued' || run.status === 'started') && <Text>{t('running')}</Text>}
            {run?.status === 'failed' && (
              <Alert color="red" title={t('status.failed')}>
                {run.error}
              </Alert>
            )}
            {temps.map((o) => (
              <OutputMergeCard
                key={o.dataset._id}
                projectId={projectId}
                modelId={model._id}
                datasetId={o.dataset._id}
                update={updates[o.dataset._id]}
                onChange={change}
              />
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} loading={cancel.isPending}>
                {t('source.cancel')}
              </Button>
              <Button onClick={doCommit} disabled={!ready} loading={commit.isPending}>
                {t('source.commit')}
              </Button>
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {error && <Text c="red">{error.message}</Text>}
    </Modal>
  );
}
