import { notifications } from '@mantine/notifications';
import type { MyProject } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useDeleteProject } from '../../../api/projects.ts';
import { TypedConfirmModal } from '../../../ui/TypedConfirmModal.tsx';

/** Delete Project (editProject): the project's name must be typed to confirm. */
export function DeleteProjectModal({ project, onClose }: { project: MyProject; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const remove = useDeleteProject();
  return (
    <TypedConfirmModal
      opened
      onClose={onClose}
      title={t('delete.title')}
      message={t('delete.message', { name: project.name })}
      expected={project.name}
      confirmLabel={t('delete.submit')}
      onConfirm={async () => {
        await remove.mutateAsync(project._id);
        notifications.show({ message: t('delete.done', { name: project.name }), color: 'green' });
      }}
    />
  );
}
