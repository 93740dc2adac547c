import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A dataset input's value as a person reads it: the dataset's name, linking to its data; a dataset the viewer
 * cannot see (or that is gone) says so rather than showing its id.
 */
export function DatasetLink({
  projectId,
  datasetId,
  datasets,
}: {
  projectId: string;
  datasetId: string;
  datasets: ReadonlyArray<{ _id: string; name: string }>;
}) {
  const { t } = useTranslation('models');
  const dataset = datasets.find((d) => d._id === datasetId);
  if (!dataset) {
    return (
      <Text span c="dimmed" size="sm">
        {t('inputs.datasetUnknown')}
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={`/projects/${projectId}/datasets/${dataset._id}/data`} size="sm">
      {dataset.name}
    </Anchor>
  );
}
