import { Alert, Center, Container, EmptyState, Loader, SimpleGrid } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFolderOpen } from '@tabler/icons-react';
import type { MyProject } from '@tessera/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyProjects } from '../../../api/projects.ts';
import { useMe } from '../../../api/session.ts';
import { ListPageHeader } from '../../../ui/ListPageHeader.tsx';
import { type ProjectDialog, ProjectDialogs } from '../dialogs/ProjectDialogs.tsx';
import { CreateProjectModal } from './CreateProjectModal.tsx';
import { ProjectRow } from './ProjectRow.tsx';
import { emptyStateKey, visibleProjects } from './projectList.ts';

/**
 * The project list: a search box filtering by name, the projects sorted by name, each
 * opening by its id and carrying its menu, and Create Project for holders of the createProjects role.
 * The bar above greets the user ("Welcome {first}").
 */
export function ProjectListPage() {
  const { t } = useTranslation('projects');
  const me = useMe();
  const projects = useMyProjects();
  const [search, setSearch] = useState('');
  const [creating, create] = useDisclosure(false);
  const [dialog, setDialog] = useState<ProjectDialog | null>(null);

  const all = projects.data ?? [];
  const shown = useMemo(() => visibleProjects(projects.data ?? [], search), [projects.data, search]);
  const empty = emptyStateKey(all.length, shown.length);
  const open = (kind: ProjectDialog['kind'], project: MyProject) => setDialog({ kind, project });

  return (
    <Container size="lg" py="xl">
      <ListPageHeader
        title={t('heading')}
        create={me.data?.roles.createProjects ? { label: t('create.button'), onClick: create.open } : undefined}
        searchLabel={t('search')}
        search={search}
        onSearch={setSearch}
      />
      {projects.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : projects.isError ? (
        <Alert variant="light" color="red">
          {t('loadFailed')}
        </Alert>
      ) : empty ? (
        <EmptyState icon={<IconFolderOpen size={28} />} title={t(empty)} py="xl" />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {shown.map((project) => (
            <ProjectRow key={project._id} project={project} orgRoles={me.data?.roles ?? {}} onOpenDialog={open} />
          ))}
        </SimpleGrid>
      )}
      <CreateProjectModal opened={creating} onClose={create.close} />
      <ProjectDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </Container>
  );
}
