import type { MyProject } from '@tessera/shared';
import { findMyProject, useMyProjects } from '../../../api/projects.ts';
import { MembersModal } from '../members/MembersModal.tsx';
import type { ProjectMenuItem } from '../projectMenu.ts';
import { DeleteProjectModal } from './DeleteProjectModal.tsx';
import { LeaveProjectModal } from './LeaveProjectModal.tsx';
import { RenameProjectModal } from './RenameProjectModal.tsx';
import { TransferAssetsModal } from './TransferAssetsModal.tsx';
import { TransferProjectModal } from './TransferProjectModal.tsx';
import { YourRoleModal } from './YourRoleModal.tsx';

/** The dialog a project menu item opened, for one project. */
export interface ProjectDialog {
  kind: Exclude<ProjectMenuItem, 'publicDashboards'>;
  project: MyProject;
}

const DIALOGS = {
  yourRole: YourRoleModal,
  members: MembersModal,
  rename: RenameProjectModal,
  transferAssets: TransferAssetsModal,
  transferProject: TransferProjectModal,
  leave: LeaveProjectModal,
  delete: DeleteProjectModal,
} satisfies Record<ProjectDialog['kind'], (props: { project: MyProject; onClose: () => void }) => unknown>;

/**
 * The project dialogs. Each shows the project as the list has it now (a live change or another
 * dialog may have updated it since the menu was opened).
 */
export function ProjectDialogs({ dialog, onClose }: { dialog: ProjectDialog | null; onClose: () => void }) {
  const list = useMyProjects();
  if (!dialog) return null;
  const project = findMyProject(list.data, dialog.project._id) ?? dialog.project;
  const Dialog = DIALOGS[dialog.kind];
  return <Dialog key={`${dialog.kind}-${project._id}`} project={project} onClose={onClose} />;
}
