import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { api, JOIN_TYPES, type JoinType } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client.ts';
import { refreshDatasets, useDataset, useDatasets } from '../../../api/datasets.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { chooseDataset, emptyJoin, type JoinState, joinReady, joinSource } from './joinState.ts';

/**
 * Create Joined Dataset in two steps: its name (required), then the two datasets, the column pairs
 * and the join type. Done is enabled only when all are set.
 */
export function JoinedDatasetModal({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation('datasets');
  const serverText = useServerText();
  const navigate = useNavigate();
  const client = useQueryClient();
  const datasets = useDatasets(projectId);
  const [step, setStep] = useState<1 | 2>(1);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [join, setJoin] = useState<JoinState>(emptyJoin);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const left = useDataset(projectId, join.left ?? '');
  const right = useDataset(projectId, join.right ?? '');

  const options = (datasets.data ?? []).filter((d) => d.imported).map((d) => ({ value: d._id, label: d.name }));
  const columns = (side: typeof left) => (side.data?.features ?? []).map((f) => ({ value: f._id, label: f.name }));
  const setPair = (i: number, at: 0 | 1, value: string | null) =>
    setJoin((s) => ({
      ...s,
      pairs: s.pairs.map((p, j) => (j === i ? (at === 0 ? [value, p[1]] : [p[0], value]) : p)),
    }));

  const next = () => (name.trim() ? setStep(2) : setNameError(t('joined.nameRequired')));
  const done = async () => {
    setBusy(true);
    setError(null);
    try {
      const created = await call(api.createDataset, {
        body: { type: 'joined', name: name.trim(), projectId, source: { join: joinSource(join) } },
      });
      void refreshDatasets(client, projectId);
      onClose();
      void navigate(`/projects/${projectId}/datasets/${created._id}`);
    } catch (e) {
      setError(serverText((e as Error).message));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={t('joined.title')} size="lg">
      {step === 1 ? (
        <Stack>
          <TextInput
            label={t('joined.name')}
            withAsterisk
            value={name}
            error={nameError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setNameError(null);
            }}
          />
          <Group justify="flex-end">
            <Button onClick={next}>{t('joined.next')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Group grow>
            <Select
              label={t('joined.left')}
              data={options}
              value={join.left}
              onChange={(v) => setJoin((s) => chooseDataset(s, 'left', v))}
            />
            <Select
              label={t('joined.right')}
              data={options}
              value={join.right}
              onChange={(v) => setJoin((s) => chooseDataset(s, 'right', v))}
            />
          </Group>
          <Text size="sm" fw={600}>
            {t('joined.columns')}
          </Text>
          {join.pairs.map((pair, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a pair has no identity but its place
            <Group key={i} grow wrap="nowrap" align="flex-end">
              <Select
                aria-label={t('joined.leftColumn', { n: i + 1 })}
                data={join.left ? columns(left) : []}
                value={pair[0]}
                onChange={(v) => setPair(i, 0, v)}
              />
              <Select
                aria-label={t('joined.rightColumn', { n: i + 1 })}
                data={join.right ? columns(right) : []}
                value={pair[1]}
                onChange={(v) => setPair(i, 1, v)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                style={{ flexGrow: 0 }}
                aria-label={t('joined.removePair')}
                disabled={join.pairs.length === 1}
                onClick={() => setJoin((s) => ({ ...s, pairs: s.pairs.filter((_, j) => j !== i) }))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => setJoin((s) => ({ ...s, pairs: [...s.pairs, [null, null]] }))}
            w="fit-content"
          >
            {t('joined.addPair')}
          </Button>
          <Select
            label={t('joined.type')}
            data={JOIN_TYPES.map((type) => ({ value: type, label: t(`joined.types.${type}`) }))}
            value={join.type}
            onChange={(v) => setJoin((s) => ({ ...s, type: v as JoinType | null }))}
          />
          {error && (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(1)}>
              {t('joined.back')}
            </Button>
            <Button onClick={done} disabled={!joinReady(join)} loading={busy}>
              {t('joined.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
