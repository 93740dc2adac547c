import { can, type OrgActor } from '@tessera/shared';
import { useMe } from '../../../api/session.ts';
import { useCurrentProject } from '../../../project/currentProject.tsx';

/**
 * What the viewer may do with a model of the dashboard, by the rules the server enforces: run it and
 * reset its inputs (model view, or dashboard view: the model is on this dashboard), open its edit link (model
 * edit). Only inside a project: public visitors run nothing.
 */
export function useModelAccess(): { run: boolean; resetInputs: boolean; edit: boolean } {
  const { permission } = useCurrentProject();
  const me = useMe().data;
  if (!me) return { run: false, resetInputs: false, edit: false };
  const actor: OrgActor = { id: me._id, organizationId: me.organizationId, roles: me.roles };
  const standing = { roles: permission.roles, onDashboard: true };
  return {
    run: can(actor, 'model:run', standing),
    resetInputs: can(actor, 'model:resetInputs', standing),
    edit: can(actor, 'model:edit', { roles: permission.roles }),
  };
}
