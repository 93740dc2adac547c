import { ActionIcon, Badge, Group, Paper, Select, Stack, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { FEATURE_TYPES, type Feature, type FeatureType } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFeature } from '../../../api/datasets.ts';
import { useServerText } from '../../../ui/serverText.ts';
import { TypeDialog } from './TypeDialog.tsx';

const stat = (value: unknown) =>
  typeof value === 'number' ? Number(value.toFixed(4)).toString() : String(value ?? '');

/**
 * One feature: hide or show, rename, describe (saved when the field is left), its type (changed through the
 * type dialog), a preview of its values and, for numbers, Max, Min and Mean.
 */
export function FeatureCard({
  projectId,
  feature,
  canEdit,
}: {
  projectId: string;
  feature: Feature;
  canEdit: boolean;
}) {
  const { t } = useTranslation('datasets');
  const serverText = useServerText();
  const update = useUpdateFeature(projectId);
  const [name, setName] = useState(feature.name);
  const [description, setDescription] = useState(feature.description);
  const [pendingType, setPendingType] = useState<FeatureType | null>(null);
  const [error, setError] = useState<string | null>(null);

  const save = async (change: Parameters<typeof update.mutateAsync>[0]) => {
    try {
      await update.mutateAsync(change);
      setError(null);
      return true;
    } catch (e) {
      setError(serverText((e as Error).message));
      return false;
    }
  };
  const saveName = () => {
    if (!name.trim()) return setError(t('features.nameRequired'));
    if (name.trim() !== feature.name) void save({ id: feature._id, name: name.trim() });
  };

  return (
    <Paper withBorder p="sm" opacity={feature.hidden ? 0.6 : 1}>
      <Stack gap="xs">
        <Group wrap="nowrap" align="flex-start">
          <Tooltip label={feature.hidden ? t('features.show') : t('features.hide')}>
            <ActionIcon
              variant="subtle"
              mt={4}
              disabled={!canEdit}
              aria-label={feature.hidden ? t('features.show') : t('features.hide')}
              onClick={() => void save({ id: feature._id, hidden: !feature.hidden })}
            >
              {feature.hidden ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            </ActionIcon>
          </Tooltip>
          <TextInput
            aria-label={t('features.name')}
            value={name}
            readOnly={!canEdit}
            style={{ flex: 1 }}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={saveName}
          />
          <Select
            aria-label={t('features.type')}
            w={140}
            disabled={!canEdit}
            allowDeselect={false}
            data={FEATURE_TYPES.map((type) => ({ value: type, label: t(`featureTypes.${type}`) }))}
            value={feature.type}
            onChange={(v) => v && v !== feature.type && setPendingType(v as FeatureType)}
          />
        </Group>
        <Textarea
          aria-label={t('features.description')}
          placeholder={t('features.description')}
          autosize
          minRows={1}
          readOnly={!canEdit}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          onBlur={() => description !== feature.description && void save({ id: feature._id, description })}
        />
        <Group gap={4}>
          {feature.preview.slice(0, 10).map((value, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: preview values have only their place
            <Badge key={i} variant="outline" color="gray" tt="none">
              {value === null ? '∅' : String(value)}
            </Badge>
          ))}
        </Group>
        {feature.type === 'number' && (
          <Text size="sm" c="dimmed">
            {t('features.stats', {
              max: stat(feature.stats.max),
              min: stat(feature.stats.min),
              mean: stat(feature.stats.avg),
            })}
          </Text>
        )}
      </Stack>
      {pendingType && (
        <TypeDialog
          feature={feature}
          type={pendingType}
          saving={update.isPending}
          onCancel={() => setPendingType(null)}
          onConfirm={async (dateFormat) => {
            const change = dateFormat === undefined ? {} : { dateFormat };
            if (await save({ id: feature._id, type: pendingType, ...change })) setPendingType(null);
          }}
        />
      )}
    </Paper>
  );
}
