import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateProject } from '../../../api/projects.ts';
import { ProjectNameModal } from '../dialogs/ProjectNameModal.tsx';

/**
 * Create Project (needs the createProjects organization role): a name, required. The creator gets Full Access,
 * and the new project opens.
 */
export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const create = useCreateProject();
  const navigate = useNavigate();
  return (
    <ProjectNameModal
      opened={opened}
      onClose={onClose}
      title={t('create.title')}
      submitLabel={t('create.submit')}
      busy={create.isPending}
      onSubmit={async (name) => {
        const project = await create.mutateAsync(name);
        void navigate(`/projects/${project._id}`);
      }}
    />
  );
}
