import { Container, EmptyState, Title } from '@mantine/core';
import { IconFolderOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * The project list (spec 3 §2). The bar above already greets the user ("Welcome {first}"); until the projects
 * issue brings projects, the list is its empty state.
 */
export function ProjectListPage() {
  const { t } = useTranslation('projects');
  return (
    <Container size="lg" py="xl">
      <Title order={2} mb="xl">
        {t('heading')}
      </Title>
      <EmptyState icon={<IconFolderOpen size={28} />} title={t('empty')} py="xl" />
    </Container>
  );
}
