import { Anchor, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPackage, IconPlus } from '@tabler/icons-react';
import type { Package } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePackages } from '../../api/packages.ts';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { PackageMenu, PackageUploadModal, usePackageStatusText } from '../packages/index.ts';
import { ModelHelp } from './ModelHelp.tsx';
import { ModelsCard } from './ModelsCard.tsx';

/**
 * The project's Models area (''): the Source Code card (packages newest first, 'Add package' with
 * package edit) and the Models card (filled by the models area; Add model waits for a built package).
 */
export function ModelsArea() {
  const { t } = useTranslation('packages');
  const { project } = useCurrentProject();
  const canEdit = useProjectCan('package:edit');
  const packages = usePackages(project._id);
  const [adding, setAdding] = useState(false);
  const hasBuilt = packages.data?.some((p) => p.status === 'built') ?? false;
  return (
    <Container size="lg" py="xl">
      <Title order={2} mb="lg">
        {t('title')}
      </Title>
      <Stack gap="lg">
        <ModelHelp />
        <Card withBorder>
          <Group justify="space-between" mb="sm">
            <Title order={3}>{t('sourceCode')}</Title>
            {canEdit && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('addPackage')}
              </Button>
            )}
          </Group>
          {packages.data?.length === 0 && <Text c="dimmed">{t('noSourceCode')}</Text>}
          <Stack gap={0}>
            {packages.data?.map((pkg) => (
              <PackageRow key={pkg._id} pkg={pkg} projectId={project._id} canEdit={canEdit} />
            ))}
          </Stack>
        </Card>
        <ModelsCard hasBuiltPackage={hasBuilt} />
      </Stack>
      <PackageUploadModal opened={adding} onClose={() => setAdding(false)} projectId={project._id} />
    </Container>
  );
}

function PackageRow({ pkg, projectId, canEdit }: { pkg: Package; projectId: string; canEdit: boolean }) {
  const status = usePackageStatusText();
  return (
    <Group justify="space-between" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="sm">
        <IconPackage size={20} />
        <div>
          <Anchor component={Link} to={`/projects/${projectId}/packages/${pkg._id}`} fw={500}>
            {pkg.name}
          </Anchor>
          <Text size="sm" c={pkg.status === 'failed' ? 'red' : 'dimmed'}>
            {status(pkg)}
          </Text>
        </div>
      </Group>
      {canEdit && <PackageMenu pkg={pkg} projectId={projectId} />}
    </Group>
  );
}
