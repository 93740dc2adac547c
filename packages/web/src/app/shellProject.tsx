import type { ProjectRoles } from '@tessera/shared';
import { createContext, useContext, useEffect } from 'react';

/**
 * The project the shell is showing, published by the project area (projects issue) so that the navigation bar
 * shows the project's tabs by permission and its name with the organization's logo as the title.
 * Outside a project nothing is published and the bar shows no tabs.
 */
export interface ShellProject {
  _id: string;
  name: string;
  /** The project's organization logo (a data: URL), or null. */
  organizationLogo: string | null;
  /** The signed-in user's own permission roles in this project. */
  roles: ProjectRoles;
}

type Publish = (project: ShellProject | null) => void;

export const ShellProjectContext = createContext<Publish>(() => {});

/**
 * Shows `project` in the navigation bar while the calling component is mounted. Pass a stable (memoised) object:
 * each new object is published again.
 */
export function useShellProject(project: ShellProject | null): void {
  const publish = useContext(ShellProjectContext);
  useEffect(() => {
    publish(project);
    return () => publish(null);
  }, [publish, project]);
}
