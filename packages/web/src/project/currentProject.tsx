import type { MyProjectPermission, Project } from '@tessera/shared';
import { createContext, useContext } from 'react';

/** The open project and the caller's own permission in it, as the project shell loaded them. */
export interface CurrentProject {
  project: Project;
  permission: MyProjectPermission;
}

export const CurrentProjectContext = createContext<CurrentProject | null>(null);

/** For the areas under the project shell (data apps, datasets, models, forms). */
export function useCurrentProject(): CurrentProject {
  const current = useContext(CurrentProjectContext);
  if (!current) throw new Error('useCurrentProject is used outside the project shell');
  return current;
}
