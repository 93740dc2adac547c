import { can } from '@tessera/shared';
import { useContext } from 'react';
import { useMe } from '../../api/session.ts';
import { actorOf } from '../organizations/orgRefs.ts';
import { CurrentProjectContext } from '../projects/shell/currentProject.tsx';

/**
 * May the signed-in member read the open project's datasets (`dataset:view`, the rule the features routes
 * declare)? A View Dashboards member may not: the dashboard then names its features from the features it uses
 * (readable with the dashboard role), never asking for the project's features. False outside a project,
 * undefined while the signed-in user loads.
 */
export function useReadsDatasets(): boolean | undefined {
  const current = useContext(CurrentProjectContext);
  const me = useMe();
  if (!current) return false;
  if (!me.data) return undefined;
  return can(actorOf(me.data), 'dataset:view', { roles: current.permission.roles });
}
