import { Box, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { DashboardView } from '../../../api/dashboards.ts';
import { usePageName } from '../../../ui/documentTitle.ts';
import { SelectedResultsProvider } from '../../canvas/index.ts';
import { DatasetSideList } from '../editorParts.tsx';
import { DashboardHeader } from '../header/DashboardHeader.tsx';
import { ReportBody } from '../report/ReportBody.tsx';
import { TabbedBody } from './TabbedBody.tsx';
import { useAddCard } from './useAddCard.ts';

interface Props {
  view: DashboardView;
  /** The selected tab (section); null for a data app with none. */
  tabId: string | null;
  publicLink: string | null;
  /** Inside a project: the dataset side list. */
  withDatasets: boolean;
}

/**
 * The dashboard screen in a project or on the public page: the header, the dataset side list, and a
 * dashboard's tabs or a report's sections. The models' selected results (which run's data the cards show) are
 * kept on the models.
 */
export function DashboardScreen({ view, tabId, publicLink, withDatasets }: Props) {
  const [datasetsOpened, datasets] = useDisclosure(false);
  const addCard = useAddCard(view);
  const report = view.dashboard.type === 'Report';
  const tab = view.tabs.find((candidate) => candidate._id === tabId);
  usePageName(view.dashboard.name);

  return (
    <SelectedResultsProvider key={view.dashboard._id} dashboardId={view.dashboard._id}>
      <Group align="flex-start" gap={0} wrap="nowrap" mih="100%">
        {withDatasets && (
          <DatasetSideList dashboard={view.dashboard} opened={datasetsOpened} onClose={datasets.close} />
        )}
        <Box flex={1} miw={0}>
          <Container size="100%" px={{ base: 'sm', sm: 'lg' }} py="lg">
            <Stack gap="md">
              <DashboardHeader
                dashboard={view.dashboard}
                tabs={view.tabs}
                publicLink={publicLink}
                datasets={withDatasets ? { opened: datasetsOpened, toggle: datasets.toggle } : undefined}
                onAddCard={!report && tab ? () => addCard.add(tab) : undefined}
                addingCard={addCard.adding}
              />
              {report ? (
                <ReportBody view={view} tabId={tabId} addCard={addCard} />
              ) : (
                <TabbedBody view={view} tabId={tabId} />
              )}
            </Stack>
          </Container>
        </Box>
      </Group>
    </SelectedResultsProvider>
  );
}
