import { Badge, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import type { OutputUpdate } from '@tessera/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutputMerge } from '../../../api/models.ts';

const NEW = '__new__';

/**
 * One new output of the trial run in the merge view: the previous output it merges with (Linked) or none (New),
 * each feature's link (relink or unlink), the target's features nothing links to (Deleted), a 4-row sample.
 */
export function OutputMergeCard({
  projectId,
  modelId,
  datasetId,
  update,
  onChange,
}: {
  projectId: string;
  modelId: string;
  datasetId: string;
  update: OutputUpdate | undefined;
  onChange: (update: OutputUpdate) => void;
}) {
  const { t } = useTranslation('models');
  const merge = useOutputMerge(projectId, modelId, datasetId, update ? update.target : undefined);
  const data = merge.data;
  useEffect(() => {
    const fresh = !update || (Object.keys(update.links).length === 0 && update.target === (data?.target?._id ?? null));
    if (data && fresh && (!update || data.features.length))
      onChange({
        datasetId,
        target: data.target?._id ?? null,
        links: Object.fromEntries(data.features.map((f) => [f.name, f.link])),
      });
  }, [data, update, datasetId, onChange]);
  if (!data || !update) return null;
  const links = update.links;
  const linked = new Set(Object.values(links).filter(Boolean));
  const deleted = data.targetFeatures.filter((f) => !linked.has(f._id));
  const setTarget = (target: string | null) => onChange({ datasetId, target, links: {} });
  return (
    <Card withBorder data-testid={`merge-${data.outputName}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{data.outputName}</Text>
        <Badge color={update.target ? 'blue' : 'green'}>{update.target ? t('merge.linked') : t('merge.new')}</Badge>
      </Group>
      <Select
        label={t('merge.mergeWith')}
        data={[
          { value: NEW, label: t('merge.newOutput') },
          ...data.candidates.map((c) => ({ value: c._id, label: c.name })),
        ]}
        value={update.target ?? NEW}
        onChange={(v) => setTarget(v === NEW || v === null ? null : v)}
        allowDeselect={false}
        mb="sm"
      />
      <Stack gap={4}>
        {data.features.map((f) => (
          <Group key={f.name} justify="space-between" wrap="nowrap">
            <Text size="sm">{f.name}</Text>
            {update.target ? (
              <Select
                aria-label={t('merge.linkOf', { name: f.name })}
                w={200}
                size="xs"
                data={[
                  { value: NEW, label: t('merge.new') },
                  ...data.targetFeatures.map((tf) => ({ value: tf._id, label: tf.name })),
                ]}
                value={links[f.name] ?? NEW}
                onChange={(v) => onChange({ ...update, links: { ...links, [f.name]: v === NEW || !v ? null : v } })}
                allowDeselect={false}
              />
            ) : (
              <Badge color="green" variant="light">
                {t('merge.new')}
              </Badge>
            )}
          </Group>
        ))}
        {update.target &&
          deleted.map((f) => (
            <Group key={f._id} justify="space-between">
              <Text size="sm" td="line-through">
                {f.name}
              </Text>
              <Badge color="red" variant="light">
                {t('merge.deleted')}
              </Badge>
            </Group>
          ))}
      </Stack>
      {data.preview.length > 0 && (
        <Table.ScrollContainer minWidth={300} mt="sm">
          <Table striped withTableBorder fz="xs">
            <Table.Thead>
              <Table.Tr>
                {data.features.map((f) => (
                  <Table.Th key={f.name}>{f.name}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.preview.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the sample's rows have no id.
                <Table.Tr key={i}>
                  {data.features.map((f) => (
                    <Table.Td key={f.name}>{String(row[f.name] ?? '')}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
