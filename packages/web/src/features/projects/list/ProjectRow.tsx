import { Avatar, Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import type { MyProject, OrgRoles } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProjectDialog } from '../dialogs/ProjectDialogs.tsx';
import { ProjectMenu } from './ProjectMenu.tsx';
import classes from './ProjectRow.module.css';

interface Props {
  project: MyProject;
  orgRoles: Partial<OrgRoles>;
  onOpenDialog: (kind: ProjectDialog['kind'], project: MyProject) => void;
}

/** One project of the list: its name (opening /projects/{id}), its organization, the caller's role and the menu. */
export function ProjectRow({ project, orgRoles, onOpenDialog }: Props) {
  const { t } = useTranslation('projects');
  return (
    <Paper withBorder radius="md" p="sm" className={classes.row}>
      <Group wrap="nowrap" gap="sm" align="center">
        <Group wrap="nowrap" gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Avatar src={project.organization.logo ?? undefined} radius="md" color="blue" variant="light" alt="">
            <IconFolder size={20} />
          </Avatar>
          <Stack gap={2} miw={0}>
            <UnstyledButton
              component={Link}
              to={`/projects/${project._id}`}
              aria-label={t('row.open', { name: project.name })}
              className={classes.link}
              miw={0}
            >
              {/* The name wraps, never cut (a narrow window reads it whole: docs/accessibility.md "Reflow"). */}
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {project.name}
              </Text>
            </UnstyledButton>
            <Group gap={6} miw={0}>
              <Text
                size="xs"
                c="dimmed"
                title={t('row.organization', { name: project.organization.name })}
                style={{ overflowWrap: 'anywhere' }}
              >
                {project.organization.name}
              </Text>
              <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                {t(`presets.${project.permission.preset}`)}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Box className={classes.above}>
          <ProjectMenu project={project} orgRoles={orgRoles} onOpenDialog={onOpenDialog} />
        </Box>
      </Group>
    </Paper>
  );
}
