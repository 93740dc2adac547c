import { Anchor, Center, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconDatabase } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes, useMatch } from 'react-router';
import { useCurrentProject } from '../../project/currentProject.tsx';
import { useProjectCan } from '../../project/useProjectCan.ts';
import { SideLayout } from '../../ui/SideLayout.tsx';
import { DatasetPage } from './dataset/DatasetPage.tsx';
import { DatasetsSidebar } from './sidebar/DatasetsSidebar.tsx';
import { UploadsProvider } from './upload/UploadsProvider.tsx';

/**
 * The datasets area under /projects/{projectId}/datasets, behind the shell's dataset view guard:
 * the sidebar beside '' (an empty prompt) or ':datasetId/*' (the dataset page). Uploads live at this level so
 * that moving between datasets never interrupts one.
 */
export function DatasetsRoutes() {
  const { t } = useTranslation('datasets');
  const { project } = useCurrentProject();
  const canEdit = useProjectCan('dataset:edit');
  // On a phone the list shows alone, or the open dataset alone (SideLayout).
  const datasetOpen = useMatch('/projects/:projectId/datasets/:datasetId/*') !== null;
  return (
    <UploadsProvider projectId={project._id}>
      <SideLayout
        side={<DatasetsSidebar projectId={project._id} canEdit={canEdit} />}
        phoneShows={datasetOpen ? 'main' : 'side'}
        phoneBack={
          <Anchor component={Link} to={`/projects/${project._id}/datasets`} size="sm">
            <IconChevronLeft size={14} /> {t('title')}
          </Anchor>
        }
      >
        <Routes>
          <Route index element={<EmptyPrompt />} />
          <Route path=":datasetId/*" element={<DatasetPage projectId={project._id} canEdit={canEdit} />} />
        </Routes>
      </SideLayout>
    </UploadsProvider>
  );
}

function EmptyPrompt() {
  const { t } = useTranslation('datasets');
  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <IconDatabase size={48} opacity={0.5} />
        <Text c="dimmed">{t('emptyPrompt')}</Text>
      </Stack>
    </Center>
  );
}
