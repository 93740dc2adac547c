import { ColorInput, ColorSwatch, Group, Loader, Stack, Text } from '@mantine/core';
import { type Dashboard, HEX_COLOR_PATTERN, schemeColors } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateDashboard } from '../../../api/dashboards.ts';
import { useDataset } from '../../../api/datasets.ts';

interface Props {
  dashboard: Pick<Dashboard, '_id' | 'colors' | 'display'>;
  projectId: string;
  datasetId: string;
  /** Editors set colours (unless the dashboard hides its colour settings); others see the chosen ones. */
  editable: boolean;
}

/**
 * The per-feature colours of a dashboard (`colors.features`): every card that draws a feature uses its
 * colour. Typed as hex with optional alpha; clearing the field removes the colour.
 */
export function FeatureColors({ dashboard, projectId, datasetId, editable }: Props) {
  const { t } = useTranslation('dashboards');
  const dataset = useDataset(projectId, datasetId);
  const update = useUpdateDashboard(projectId);
  if (dataset.isPending) return <Loader size="xs" aria-label={t('datasets.loading')} />;
  const features = (dataset.data?.features ?? []).filter((feature) => !feature.hidden);
  if (features.length === 0)
    return (
      <Text size="xs" c="dimmed">
        {t('datasets.noFeatures')}
      </Text>
    );
  const save = (featureId: string, color: string | null) =>
    update.mutate({ id: dashboard._id, change: { colors: { features: { [featureId]: color } } } });
  return (
    <Stack gap={4}>
      {features.map((feature) => (
        <FeatureColor
          key={feature._id}
          name={feature.name}
          color={dashboard.colors.features[feature._id] ?? null}
          swatches={schemeColors(dashboard.colors.colorScheme, 8)}
          editable={editable}
          onChange={(color) => save(feature._id, color)}
        />
      ))}
    </Stack>
  );
}

function FeatureColor(props: {
  name: string;
  color: string | null;
  swatches: readonly string[];
  editable: boolean;
  onChange: (color: string | null) => void;
}) {
  const { t } = useTranslation('dashboards');
  const [text, setText] = useState(props.color ?? '');
  const invalid = text !== '' && !HEX_COLOR_PATTERN.test(text);
  if (!props.editable) {
    return (
      <Group gap="xs" wrap="nowrap">
        {props.color && <ColorSwatch color={props.color} size={12} />}
        <Text size="xs">{props.name}</Text>
      </Group>
    );
  }
  const commit = (value: string) => {
    if (value === '') props.onChange(null);
    else if (HEX_COLOR_PATTERN.test(value) && value !== props.color) props.onChange(value);
  };
  return (
    <ColorInput
      size="xs"
      label={props.name}
      format="hexa"
      swatches={[...props.swatches]}
      value={text}
      placeholder={t('datasets.noColor')}
      error={invalid ? t('datasets.badColor') : undefined}
      onChange={setText}
      onChangeEnd={commit}
      onBlur={() => commit(text)}
    />
  );
}
