import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { type MyProject, PROJECT_AREAS } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { LEVEL_COLORS } from '../members/levelColors.ts';

/** Your Role: the preset's name (Full Access, Contributor, Viewer, View Dashboards or Custom Role) and each right. */
export function YourRoleModal({ project, onClose }: { project: MyProject; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const { roles, preset, member } = project.permission;
  return (
    <Modal opened onClose={onClose} title={t('yourRole.title')} centered>
      <Stack gap="md">
        <Group gap="xs">
          <Text fw={600}>{t('role.preset')}:</Text>
          <Badge size="lg" variant="light">
            {t(`presets.${preset}`)}
          </Badge>
        </Group>
        {!member && (
          <Text size="sm" c="dimmed">
            {t('yourRole.manager')}
          </Text>
        )}
        <Table withTableBorder verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('yourRole.area')}</Table.Th>
              <Table.Th>{t('yourRole.access')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {PROJECT_AREAS.map((area) => (
              <Table.Tr key={area}>
                <Table.Td>{t(`areas.${area}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={LEVEL_COLORS[roles[area]]}>
                    {t(`levels.${roles[area]}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
            {(['editMembers', 'editProject'] as const).map((flag) => (
              <Table.Tr key={flag}>
                <Table.Td>{t(`flags.${flag}`)}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={roles[flag] ? 'green' : 'gray'}>
                    {t(roles[flag] ? 'yourRole.yes' : 'yourRole.no')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
