import {
  Alert,
  Button,
  Center,
  Container,
  EmptyState,
  Group,
  Loader,
  SimpleGrid,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFolderOpen, IconPlus, IconSearch } from '@tabler/icons-react';
import type { MyProject } from '@tessera/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyProjects } from '../../../api/projects.ts';
import { useMe } from '../../../api/session.ts';
import { type ProjectDialog, ProjectDialogs } from '../dialogs/ProjectDialogs.tsx';
import { CreateProjectModal } from './CreateProjectModal.tsx';
import { ProjectRow } from './ProjectRow.tsx';
import { emptyStateKey, visibleProjects } from './projectList.ts';

/**
 * The project list (spec 3 §2, spec 2 §2): a search box filtering by name, the projects sorted by name, each
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
      <Group justify="space-between" mb="lg" gap="sm">
        <Title order={2}>{t('heading')}</Title>
        {me.data?.roles.createProjects && (
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            {t('create.button')}
          </Button>
        )}
      </Group>
      <TextInput
        mb="lg"
        leftSection={<IconSearch size={16} />}
        placeholder={t('search')}
        aria-label={t('search')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        type="search"
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
