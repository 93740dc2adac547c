import { Anchor, Stack, Text } from '@mantine/core';
import type { Algorithm, Model } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The model's function: a link to its code in the package (the code editor, read-only without package edit);
 * "not found" when the function is gone; for a transferred model, the source is protected (its package stays in
 * the other project) and only its name is shown.
 */
export function ModelSourceLink({
  model,
  projectId,
  algorithm,
}: {
  model: Pick<Model, 'sourceMissing' | 'transferred'>;
  projectId: string;
  algorithm: Pick<Algorithm, 'functionName' | 'packageId'> | undefined;
}) {
  const { t } = useTranslation('models');
  if (model.sourceMissing) return <Text c="red">{t('sourceNotFound')}</Text>;
  if (model.transferred)
    return (
      <Stack gap={4}>
        <Text c="dimmed">{t('transferred')}</Text>
        <Text c="dimmed">{t('sourceProtected')}</Text>
      </Stack>
    );
  if (!algorithm) return null;
  return (
    <Anchor component={Link} to={`/projects/${projectId}/packages/${algorithm.packageId}/code`}>
      {t('viewSource', { name: algorithm.functionName })}
    </Anchor>
  );
}
