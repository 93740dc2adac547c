import { Badge, Button, Code, Group, Modal, Stack, Table, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Model, ModelRun } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelMutations } from '../../../api/models.ts';
import { DatasetLink } from '../../models/index.ts';
import { STATUS_COLORS } from './RunHistory.tsx';
import { useModelAccess } from './useModelAccess.ts';
import { useInputDatasets } from './useModelRun.ts';

const shown = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A run's info (run-info modal) with tabs Status (its state, the error lines of a failed run, Cancel
 * Run while it runs), Inputs (the values it ran with, a dataset by its name linking to it, or 'No inputs') and Description (its name and description).
 */
export function RunInfoModal({
  projectId,
  model,
  run,
  onClose,
}: {
  projectId: string;
  model: Model;
  run: ModelRun;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('dashboards');
  const phone = useMediaQuery('(max-width: 767px)');
  const access = useModelAccess();
  const { cancel, update } = useModelMutations(projectId, model._id);
  const [name, setName] = useState(run.name ?? '');
  const [description, setDescription] = useState(run.description ?? '');
  const going = run.status === 'queued' || run.status === 'started';
  const datasets = useInputDatasets(projectId);
  return (
    <Modal opened onClose={onClose} title={t('modelBar.runInfo')} size="lg" fullScreen={phone} centered>
      <Tabs defaultValue="status">
        <Tabs.List>
          <Tabs.Tab value="status">{t('modelBar.runInfoTabs.status')}</Tabs.Tab>
          <Tabs.Tab value="inputs">{t('modelBar.runInfoTabs.inputs')}</Tabs.Tab>
          <Tabs.Tab value="description">{t('modelBar.runInfoTabs.description')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="status" pt="md">
          <Stack gap="sm">
            <Group gap="xs">
              <Badge color={STATUS_COLORS[run.status]} variant="light">
                {t(`models:status.${run.status}`)}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('modelBar.ranAt', { date: new Date(run.executionDatetime).toLocaleString(i18n.language) })}
              </Text>
            </Group>
            {run.error && (
              <Code block style={{ whiteSpace: 'pre-wrap', maxHeight: 300, overflow: 'auto' }}>
                {run.error}
              </Code>
            )}
            {going && access.run && (
              <Button color="red" variant="light" w="fit-content" onClick={() => cancel.mutate(run._id)}>
                {t('modelBar.cancelRun')}
              </Button>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="inputs" pt="md">
          {run.inputs.length === 0 ? (
            <Text c="dimmed">{t('modelBar.noInputs')}</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {run.inputs.map((i) => (
                  <Table.Tr key={i.varName}>
                    <Table.Td fw={500}>{model.inputs.find((m) => m.varName === i.varName)?.name ?? i.varName}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {i.dataType === 'dataframe' && typeof i.value === 'string' ? (
                        <DatasetLink projectId={projectId} datasetId={i.value} datasets={datasets} />
                      ) : (
                        shown(i.value)
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="description" pt="md">
          <Stack gap="sm">
            <TextInput
              label={t('modelBar.runName')}
              value={name}
              readOnly={!access.run}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Textarea
              label={t('modelBar.runDescription')}
              value={description}
              readOnly={!access.run}
              autosize
              minRows={3}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            {access.run && (
              <Button
                w="fit-content"
                loading={update.isPending}
                onClick={() => update.mutate({ runId: run._id, change: { name, description } })}
              >
                {t('modelBar.save')}
              </Button>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
