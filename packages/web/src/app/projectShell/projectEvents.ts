import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ProjectEventName, type ProjectEventPayload, projectEvents } from '@tessera/shared';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { applyAlertEvent } from '../../api/alerts.ts';
import { tokenStore } from '../../api/client.ts';
import { applyDatasetEvent, isDatasetEvent } from '../../api/datasets.ts';
import { applyFormEvent } from '../../api/forms.ts';
import { applyModelEvent, isModelEvent } from '../../api/models.ts';
import { isPackageEvent } from '../../api/packages.ts';
import { permissionKeys } from '../../api/permissions.ts';
import { projectKeys } from '../../api/projects.ts';
import { connectProjectSocket, refetchAfterReconnect } from '../../api/realtime.ts';
import { useMe } from '../../api/session.ts';
import { applyTriggerEvent, isTriggerEvent } from '../../api/triggers.ts';
import { applyUnitDataEvent } from '../../api/units.ts';
import { applyDashboardEvent, isDashboardEvent } from '../../features/dashboards/index.ts';
import { applyPackageEvent } from '../../features/packages/index.ts';

export interface ProjectEventContext {
  projectId: string;
  client: QueryClient;
  /** The signed-in user's id, to tell whether a membership event is about them. */
  myUserId: string | undefined;
  /** Leaves the project (its deletion). */
  leave: () => void;
  /** Opens a page of the app (a notice's action). */
  open: (path: string) => void;
  t: TFunction;
}

const isProjectEvent = (name: string): name is ProjectEventName => Object.hasOwn(projectEvents, name);

/**
 * What the web does with each live event: refresh the cached answers it changes, leave a deleted project,
 * and raise the event's job notice if it has one. A change of one's own membership refetches one's own
 * permission: if it is gone (removed from the project, unless one manages it) the project shell goes to
 * /projects, as for any failed permission load.
 */
export function applyProjectEvent(name: string, raw: unknown, ctx: ProjectEventContext): void {
  if (!isProjectEvent(name)) return;
  // Checked like an HTTP answer: the same schema the server emitted it with.
  const parsed = projectEvents[name].safeParse(raw);
  if (!parsed.success) return;
  const { client, projectId } = ctx;
  switch (name) {
    case 'project:updated': {
      const project = parsed.data as ProjectEventPayload<'project:updated'>;
      client.setQueryData(projectKeys.detail(project._id), project);
      void client.invalidateQueries({ queryKey: projectKeys.mine });
      break;
    }
    case 'project:deleted':
      client.removeQueries({ queryKey: projectKeys.scope(projectId) });
      void client.invalidateQueries({ queryKey: projectKeys.mine });
      ctx.leave();
      break;
    case 'permission:updated':
    case 'permission:deleted': {
      const { userId } = parsed.data as ProjectEventPayload<'permission:deleted'>;
      void client.invalidateQueries({ queryKey: permissionKeys.members(projectId) });
      void client.invalidateQueries({ queryKey: [...projectKeys.scope(projectId), 'candidates'] });
      if (userId === ctx.myUserId) {
        void client.invalidateQueries({ queryKey: permissionKeys.mine(projectId) });
        void client.invalidateQueries({ queryKey: projectKeys.mine });
      }
      break;
    }
    case 'assets:transferred': {
      const { fromProjectId, toProjectId } = parsed.data as ProjectEventPayload<'assets:transferred'>;
      for (const id of [fromProjectId, toProjectId]) {
        // The caller's own rights did not change: everything else of both projects may have.
        void client.invalidateQueries({
          queryKey: projectKeys.scope(id),
          predicate: (q) => q.queryKey[2] !== 'permission',
        });
      }
      break;
    }
  }
  // Data apps (dashboards, tabs, cards): written into their cached answers (features/dashboards/liveEvents.ts).
  if (isDashboardEvent(name)) applyDashboardEvent(name, parsed.data as never, client, projectId);
  // Datasets: the upload queue, the imported notice and the lists (api/datasets.ts).
  if (isDatasetEvent(name)) applyDatasetEvent(name, parsed.data, client, projectId, ctx.t);
  // Forms: the lists and the form's own answers (api/forms.ts).
  applyFormEvent(name, client, projectId);
  // Models: lists, run histories and the run notices (api/models.ts).
  if (isModelEvent(name)) applyModelEvent(name, parsed.data, client, projectId, ctx.t);
  // Scheduled runs: the models list's rows and the model's list (api/triggers.ts).
  if (isTriggerEvent(name)) applyTriggerEvent(client, projectId);
  // Packages: the lists and their build notices (api/packages.ts).
  if (isPackageEvent(name)) applyPackageEvent(name, parsed.data, client, projectId, ctx.t, ctx);
  // Alerts: a notice of the firing, and the alerts list (api/alerts.ts).
  if (name === 'alert:fired')
    applyAlertEvent(parsed.data as ProjectEventPayload<'alert:fired'>, client, projectId, ctx.t);
  // Cards reading a dataset whose rows changed refetch their data (api/units.ts).
  applyUnitDataEvent(name, parsed.data, client);
}

/**
 * The project's live-update subscription,
 * held while the project shell is mounted.
 */
export function useProjectSocket(projectId: string): void {
  const client = useQueryClient();
  const navigate = useNavigate();
  const me = useMe();
  const { t } = useTranslation('projects');
  const context = useRef<ProjectEventContext>(null as never);
  context.current = {
    projectId,
    client,
    myUserId: me.data?._id,
    t,
    leave: () => void navigate('/projects', { replace: true }),
    open: (path) => void navigate(path),
  };

  useEffect(() => {
    if (!tokenStore.get()) return;
    const socket = connectProjectSocket(projectId);
    socket.onAny((name: string, payload: unknown) => applyProjectEvent(name, payload, context.current));
    refetchAfterReconnect(socket, client);
    socket.on('disconnect', (reason) => {
      // The server closes a socket whose right is gone: check the permission (its failure leaves the project).
      if (reason === 'io server disconnect') {
        void client.invalidateQueries({ queryKey: permissionKeys.mine(projectId) });
      }
    });
    return () => {
      socket.disconnect();
    };
  }, [projectId, client]);
}
