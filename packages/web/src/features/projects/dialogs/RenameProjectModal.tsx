import type { MyProject } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useUpdateProject } from '../../../api/projects.ts';
import { ProjectNameModal } from './ProjectNameModal.tsx';

/** Rename Project (editProject): the name is required. */
export function RenameProjectModal({ project, onClose }: { project: MyProject; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const update = useUpdateProject();
  return (
    <ProjectNameModal
      opened
      onClose={onClose}
      title={t('rename.title')}
      submitLabel={t('rename.submit')}
      initialName={project.name}
      busy={update.isPending}
      onSubmit={(name) => update.mutateAsync({ projectId: project._id, change: { name } })}
    />
  );
}
