import type { ServerModule } from '../../platform/module.ts';
import { modelsJobs } from './models.jobs.ts';
import { modelFacts } from './models.policy.ts';
import { modelsRoutes } from './models.routes.ts';
import { findModelProject, findModelRunProject } from './models.store.ts';

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

export { findModelProject, modelsOfDataset, modelsOfPackage } from './models.store.ts';
export { queueScheduledRun, type ScheduledOutcome } from './scheduled.ts';
