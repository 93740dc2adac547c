import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, FEATURE_LOADER_PLACEHOLDERS } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client.ts';
import { datasetKeys } from '../../../api/datasets.ts';
import { FeatureCard } from './FeatureCard.tsx';

/** The Features tab: every column with its settings; 15 placeholders while loading. */
export function FeaturesTab({
  projectId,
  datasetId,
  canEdit,
}: {
  projectId: string;
  datasetId: string;
  canEdit: boolean;
}) {
  const { t } = useTranslation('datasets');
  const features = useQuery({
    queryKey: [...datasetKeys.all(projectId), 'features', datasetId],
    queryFn: () => call(api.listDatasetFeatures, { params: { id: datasetId } }),
  });
  if (!features.data) {
    return (
      <Stack gap="xs" aria-busy="true">
        {Array.from({ length: FEATURE_LOADER_PLACEHOLDERS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have only their place
          <Skeleton key={i} height={48} data-testid="feature-placeholder" />
        ))}
      </Stack>
    );
  }
  if (features.data.length === 0) return <Text c="dimmed">{t('features.none')}</Text>;
  return (
    <Stack gap="xs">
      {features.data.map((f) => (
        <FeatureCard key={f._id} projectId={projectId} feature={f} canEdit={canEdit} />
      ))}
    </Stack>
  );
}
