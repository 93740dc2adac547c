import type { ServerModule } from '../../platform/module.ts';
import { modelsJobs } from './models.jobs.ts';
import { modelsRoutes } from './models.routes.ts';
import { findModelProject, findModelRunProject } from './models.store.ts';

/**
 * models — functions of built packages with typed inputs, run as sandboxed jobs whose outputs become Model Output
 * datasets. Uses packages and datasets; fills the packages module's model-use query (in app.ts).
 */
export const modelsModule: ServerModule = {
  name: 'models',
  resources: { model: findModelProject, modelRun: findModelRunProject },
  jobs: modelsJobs,
  routes: modelsRoutes,
};

export { findModelProject, modelsOfPackage } from './models.store.ts';
export { queueScheduledRun, type ScheduledOutcome } from './scheduled.ts';
