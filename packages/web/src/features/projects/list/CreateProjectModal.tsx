import { useTranslation } from 'react-i18next';
import { useCreateProject } from '../../../api/projects.ts';
import { ProjectNameModal } from '../dialogs/ProjectNameModal.tsx';

/** Create Project (needs the createProjects organization role): a name, required. The creator gets Full Access. */
export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('projects');
  const create = useCreateProject();
  return (
    <ProjectNameModal
      opened={opened}
      onClose={onClose}
      title={t('create.title')}
      submitLabel={t('create.submit')}
      busy={create.isPending}
      onSubmit={(name) => create.mutateAsync(name)}
    />
  );
}
