import { type ModelStanding, runDependsOnDashboards } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import type { FactReaders, ProjectContext } from '../../platform/projectAccess.ts';
import { dashboardsReadAny } from '../dashboards/index.ts';
import { findModel, findModelRun } from './models.store.ts';

/** The model a run route or a model route names. */
async function modelOf(db: Db, resource: { kind: string; id: string }) {
  const modelId = resource.kind === 'modelRun' ? (await findModelRun(db, resource.id))?.modelId : resource.id;
  return modelId ? findModel(db, modelId) : undefined;
}

/**
 * What `model:run` (access/models.ts) needs to know: the caller's roles, and, only when dashboard view is what
 * could let them in, whether a card of a dashboard of the project reads one of the model's output datasets.
 */
export async function modelStanding(
  db: Db,
  resource: { kind: string; id: string },
  project: ProjectContext,
): Promise<ModelStanding> {
  if (!runDependsOnDashboards(project.roles)) return { roles: project.roles, onDashboard: false };
  const model = await modelOf(db, resource);
  const datasetIds = (model?.outputs ?? []).map((o) => o.dataset._id);
  return { roles: project.roles, onDashboard: !!model && (await dashboardsReadAny(db, model.projectId, datasetIds)) };
}

export const modelFacts: FactReaders = { 'model:run': modelStanding };
