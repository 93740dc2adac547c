import type { ServerModule } from '../../platform/module.ts';
import { datasetAssetKind } from '../datasets/index.ts';
import type { AssetKind } from '../projects/index.ts';
import { formsJobs } from './forms.jobs.ts';
import { formsRoutes } from './forms.routes.ts';
import { findFormProject, moveForms } from './forms.store.ts';

/**
 * forms — the form builder, publishing, the public form page's two routes, and responses kept as rows and
 * flushed into the form's Form Responses dataset by its jobs (forms.jobs.ts). Uses datasets; plugs into projects'
 * extension points.
 */
export const formsModule: ServerModule = {
  name: 'forms',
  resources: { form: findFormProject },
  jobs: formsJobs,
  routes: formsRoutes,
};

/**
 * Transfer Assets: a form moves with its Form Responses dataset (and that dataset's job), when it is still in the
 * same project.
 */
export const formAssetKind: AssetKind = {
  key: 'forms',
  area: 'form',
  move: async (tx, ids, from, to) => {
    const moved = await moveForms(tx, ids, from, to);
    const datasetIds = moved.flatMap((m) => (m.datasetId ? [m.datasetId] : []));
    await datasetAssetKind.move(tx, datasetIds, from, to);
    return moved.length;
  },
};

export { responsesFlusherOf } from './forms.jobs.ts';
export { ResponsesFlusher } from './responses.flush.ts';
