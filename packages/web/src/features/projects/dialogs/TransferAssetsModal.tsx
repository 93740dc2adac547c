import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import type { MyProject } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { projectKeys, type TransferAssetLists, useMyProjects, useTransferAssets } from '../../../api/projects.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { canTransferKind, TRANSFER_ASSET_SOURCES, type TransferAssetSource } from './transferAssetSources.ts';

interface Props {
  project: MyProject;
  onClose: () => void;
  /** The asset kinds offered; the registry by default. */
  sources?: readonly TransferAssetSource[];
}

/**
 * Transfer Assets (editProject): a target project, required, among the caller's other projects ("You have no
 * other projects to transfer assets to." when there is none), then the assets of each registered kind, each kind
 * selectable only where the caller holds edit on its area in both projects.
 */
export function TransferAssetsModal({ project, onClose, sources = TRANSFER_ASSET_SOURCES }: Props) {
  const { t } = useTranslation('projects');
  const serverText = useServerText();
  const mine = useMyProjects();
  const transfer = useTransferAssets();
  const [target, setTarget] = useState<string | null>(null);
  const [chosen, setChosen] = useState<TransferAssetLists>({});
  const [error, setError] = useState<{ target?: string; form?: string }>({});

  const others = (mine.data ?? []).filter((p) => p._id !== project._id);
  const targetProject = others.find((p) => p._id === target);
  const assets = useQueries({
    queries: sources.map((source) => ({
      queryKey: [...projectKeys.scope(project._id), 'transferable', source.key],
      queryFn: () => source.list(project._id),
      enabled: canTransferKind(source.area, project.permission.roles, undefined),
    })),
  });

  const submit = () => {
    if (!target) return setError({ target: t('required') });
    const lists = Object.fromEntries(
      sources
        .filter((s) => canTransferKind(s.area, project.permission.roles, targetProject?.permission.roles))
        .map((s) => [s.key, chosen[s.key] ?? []])
        .filter(([, ids]) => ids.length > 0),
    ) as TransferAssetLists;
    if (Object.keys(lists).length === 0) return setError({ form: t('transferAssets.nothingSelected') });
    transfer.mutate(
      { from: project._id, to: target, assets: lists },
      {
        onSuccess: () => {
          notifications.show({ message: t('transferAssets.done'), color: 'green' });
          onClose();
        },
        onError: (e) => setError({ form: e instanceof ApiError ? serverText(e.message) : t('failed') }),
      },
    );
  };

  const noTarget = !mine.isPending && others.length === 0;
  return (
    <Modal opened onClose={() => !transfer.isPending && onClose()} title={t('transferAssets.title')} centered size="lg">
      <Stack gap="md">
        {noTarget ? (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} />}>
            {t('transferAssets.none')}
          </Alert>
        ) : (
          <Select
            label={t('transferAssets.target')}
            withAsterisk
            searchable
            data={others.map((p) => ({ value: p._id, label: p.name }))}
            value={target}
            onChange={(value) => {
              setTarget(value);
              setError({});
            }}
            error={error.target}
          />
        )}
        {!noTarget && sources.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('transferAssets.noKinds')}
          </Text>
        )}
        {!noTarget &&
          sources.map((source, index) => {
            const kind = t(`transferAssets.kinds.${source.key}`);
            const allowed = canTransferKind(source.area, project.permission.roles, targetProject?.permission.roles);
            const items = assets[index]?.data ?? [];
            return (
              <MultiSelect
                key={source.key}
                label={kind}
                disabled={!allowed || items.length === 0}
                description={allowed ? undefined : t('transferAssets.noEdit', { kind: kind.toLowerCase() })}
                placeholder={
                  allowed && items.length === 0 && !assets[index]?.isPending
                    ? t('transferAssets.noneOfKind')
                    : undefined
                }
                data={items.map((a) => ({ value: a._id, label: a.name }))}
                value={allowed ? (chosen[source.key] ?? []) : []}
                onChange={(ids) => {
                  setChosen((c) => ({ ...c, [source.key]: ids }));
                  setError({});
                }}
                searchable
              />
            );
          })}
        {error.form && (
          <Text size="sm" c="red" role="alert">
            {error.form}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={transfer.isPending}>
            {t('cancel')}
          </Button>
          <Button onClick={submit} loading={transfer.isPending} disabled={noTarget}>
            {t('transferAssets.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
