import { meetsRequirement, requirementOf } from '@tessera/shared';
import { useContext } from 'react';
import { CurrentProjectContext } from '../../project/currentProject.tsx';

/**
 * May the member read the open project's datasets (the vocabulary's `dataset:view`, the rule the features routes
 * declare), on their roles in the project? A View Dashboards member may not: the dashboard then names its
 * features from the features it uses (readable with the dashboard role), never asking for the project's
 * features. False outside a project.
 */
export function useReadsDatasets(): boolean {
  const current = useContext(CurrentProjectContext);
  return !!current && meetsRequirement(current.permission.roles, requirementOf('dataset:view'));
}
