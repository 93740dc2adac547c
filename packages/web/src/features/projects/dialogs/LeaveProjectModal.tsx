import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { MyProject } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { useDeletePermission } from '../../../api/permissions.ts';
import { useServerText } from '../../../ui/serverText.ts';

/** Leave Project (any member): removes one's own membership after the spec's warning. */
export function LeaveProjectModal({ project, onClose }: { project: MyProject; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const serverText = useServerText();
  const leave = useDeletePermission();
  const permissionId = project.permission._id;

  const confirm = () => {
    if (!permissionId) return;
    leave.mutate(
      { projectId: project._id, permissionId },
      {
        onSuccess: () => {
          notifications.show({ message: t('leave.done', { name: project.name }), color: 'green' });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={() => !leave.isPending && onClose()} title={t('leave.title')} centered>
      <Stack gap="md">
        <Alert variant="light" color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('leave.warning')}
        </Alert>
        {leave.error && (
          <Text size="sm" c="red" role="alert">
            {leave.error instanceof ApiError ? serverText(leave.error.message) : t('failed')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={leave.isPending}>
            {t('cancel')}
          </Button>
          <Button color="red" onClick={confirm} loading={leave.isPending} disabled={!permissionId}>
            {t('leave.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
