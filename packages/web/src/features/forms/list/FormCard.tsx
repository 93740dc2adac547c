import { ActionIcon, Badge, Card, Group, Menu, Text } from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { type Form, type FormStatus, formStatus } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const STATUS_COLORS: Record<FormStatus, string> = { draft: 'gray', published: 'green', closed: 'red' };

interface Props {
  form: Form;
  projectId: string;
  canEdit: boolean;
  onDuplicate: () => void;
  onDelete: () => void;
}

/** A form on the list: its badge (Draft, Published or Closed); edit actions need form edit. */
export function FormCard({ form, projectId, canEdit, onDuplicate, onDelete }: Props) {
  const { t } = useTranslation('forms');
  const status = formStatus(form);
  const questions = form.elements.filter((e) => e.type !== 'title').length;
  const href = `/projects/${projectId}/forms/${form._id}`;
  return (
    <Card withBorder radius="md" padding="md" data-testid="form-card">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Badge color={STATUS_COLORS[status]} variant="light">
          {t(`status.${status}`)}
        </Badge>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={t('list.menu', { name: form.name })}>
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPencil size={14} />}
              component={Link}
              to={href}
              disabled={!canEdit}
              data-disabled={!canEdit || undefined}
            >
              {t('actions.edit')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={14} />} onClick={onDuplicate} disabled={!canEdit}>
              {t('actions.duplicate')}
            </Menu.Item>
            <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={onDelete} disabled={!canEdit}>
              {t('actions.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {canEdit ? (
        <Text
          component={Link}
          to={href}
          fw={600}
          aria-label={t('list.open', { name: form.name })}
          // The name wraps, never cut (docs/accessibility.md "Reflow").
          style={{ overflowWrap: 'anywhere' }}
        >
          {form.name}
        </Text>
      ) : (
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {form.name}
        </Text>
      )}
      {form.description && (
        <Text size="sm" c="dimmed" lineClamp={2}>
          {form.description}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt="sm">
        {t('list.questions', { count: questions })} · {t('list.responses', { count: form.responseCount })}
      </Text>
    </Card>
  );
}
