import { Anchor, Badge, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrganizationProjects } from '../../api/organizations.ts';

/** The Projects tab: the organization's projects by name, each a link to the project, or "No projects found.". */
export function OrganizationProjects({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const projects = useOrganizationProjects(organizationId);

  if (projects.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (projects.isError) return null; // the full-page error shows a failed query
  if (projects.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('projects.empty')}
      </Text>
    );
  }
  const sorted = [...projects.data].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <Stack gap="xs" role="list" aria-label={t('tabs.projects')}>
      {sorted.map((project) => (
        <Paper key={project._id} withBorder p="sm" radius="md" role="listitem">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconFolder size={18} style={{ flexShrink: 0 }} />
              <Anchor
                component={Link}
                to={`/projects/${project._id}`}
                fw={600}
                truncate
                aria-label={t('projects.open', { name: project.name })}
              >
                {project.name}
              </Anchor>
            </Group>
            {project.public && (
              <Badge variant="light" color="teal">
                {t('projects.public')}
              </Badge>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
