import { moveJobsToProject } from '../../platform/jobs/index.ts';
import type { ServerModule } from '../../platform/module.ts';
import type { AssetKind } from '../projects/index.ts';
import { modelsJobs } from './models.jobs.ts';
import { modelFacts } from './models.policy.ts';
import { modelsRoutes } from './models.routes.ts';
import { findModelProject, findModelRunProject, moveModels } from './models.store.ts';

/**
 * models — functions of built packages with typed inputs, run as sandboxed jobs whose outputs become Model Output
 * datasets. Uses packages, datasets and dashboards (is a model used on a dashboard?); fills the packages module's model-use query (in app.ts).
 */
export const modelsModule: ServerModule = {
  name: 'models',
  resources: { model: findModelProject, modelRun: findModelRunProject },
  facts: modelFacts,
  jobs: modelsJobs,
  routes: modelsRoutes,
};

export { modelsDepsOf } from './models.jobs.ts';
export { findModelProject, modelsOfDataset, modelsOfPackage } from './models.store.ts';
export { queueScheduledRun, type ScheduledOutcome } from './scheduled.ts';

/**
 * Transfer Assets: a model moves with its runs and jobs. Its function stays where its package is: moved too, the
 * model is as before; left behind, the model still runs, shown transferred (it cannot be updated).
 */
export const modelAssetKind: AssetKind = {
  key: 'models',
  area: 'model',
  move: async (tx, ids, from, to) => {
    const moved = await moveModels(tx, ids, from, to);
    await moveJobsToProject(tx, 'model', moved, to);
    return moved.length;
  },
};

/** Tables other modules read or join on (docs/architecture.md "Tables"). */
export { models } from './models.tables.ts';
