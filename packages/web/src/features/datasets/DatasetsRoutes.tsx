import { Box, Center, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { meetsLevel } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { useCurrentProject } from '../projects/shell/currentProject.tsx';
import { DatasetPage } from './dataset/DatasetPage.tsx';
import { DatasetsSidebar } from './sidebar/DatasetsSidebar.tsx';
import { UploadsProvider } from './upload/UploadsProvider.tsx';

/**
 * The datasets area under /projects/{projectId}/datasets (spec 3 §2), behind the shell's dataset view guard:
 * the sidebar beside '' (an empty prompt) or ':datasetId/*' (the dataset page). Uploads live at this level so
 * that moving between datasets never interrupts one.
 */
export function DatasetsRoutes() {
  const { project, permission } = useCurrentProject();
  const canEdit = meetsLevel(permission.roles.dataset, 'edit');
  return (
    <UploadsProvider projectId={project._id}>
      <Group align="flex-start" gap="md" wrap="nowrap" p="md">
        <Paper withBorder w={300} miw={260} style={{ flexShrink: 0 }}>
          <ScrollArea.Autosize mah="calc(100vh - 140px)">
            <DatasetsSidebar projectId={project._id} canEdit={canEdit} />
          </ScrollArea.Autosize>
        </Paper>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Routes>
            <Route index element={<EmptyPrompt />} />
            <Route path=":datasetId/*" element={<DatasetPage projectId={project._id} canEdit={canEdit} />} />
          </Routes>
        </Box>
      </Group>
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
