import type { ServerModule } from '../../platform/module.ts';
import { installScheduler } from './triggers.jobs.ts';
import { triggersRoutes } from './triggers.routes.ts';
import { findScopeProject, findTriggerProject } from './triggers.store.ts';

/**
 * triggers — scheduled model runs: a trigger's occurrences (shared's occurrence function, in its time zone) fired
 * by a scheduler on every worker, each occurrence once (a fire row unique on trigger and time, written with the
 * run's job). Uses models (its public entry queues the run, marked scheduled).
 */
export const triggersModule: ServerModule = {
  name: 'triggers',
  resources: { trigger: findTriggerProject, triggerScope: findScopeProject },
  jobs: installScheduler,
  routes: triggersRoutes,
};

export { type Clock, clockOf } from './clock.ts';
