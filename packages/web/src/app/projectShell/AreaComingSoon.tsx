import { Container, EmptyState, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProjectAreaKey } from './projectShellRoutes.ts';

/**
 * SLOT FOR LATER ISSUES: the page of a project area that does not exist yet. Each area's issue replaces its
 * route's element in ProjectShell (data apps: dashboards; datasets; models and packages; forms; mobi) and this
 * placeholder goes away with the last of them.
 */
export function AreaComingSoon({ area }: { area: ProjectAreaKey }) {
  const { t } = useTranslation('projects');
  return (
    <Container size="lg" py="xl">
      <Title order={2} mb="lg">
        {t(`shell.areas.${area}`)}
      </Title>
      <EmptyState icon={<IconHourglassEmpty size={28} />} title={t('shell.comingSoon')} py="xl" />
    </Container>
  );
}
