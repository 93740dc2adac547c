import { z } from 'zod';
import { PREVIEW_TOKEN_PARAM } from '../dashboards/constants.ts';
import { PUBLIC, projectFactRule, projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import {
  MODEL_DESCRIPTION_MAX,
  MODEL_NAME_MAX,
  MODEL_RESULT_STORAGES,
  MODEL_RUNS_PAGE_SIZE,
} from '../models/constants.ts';
import { modelInputSchema, modelOutputRefSchema, modelRunSchema, modelSchema } from '../models/entities.ts';

/**
 * Models and their runs: model view reads, model edit writes. Reading a
 * model, running it and following its runs (the model bar of a dashboard) is the vocabulary's `model:run`:
 * model view, or dashboard view when a dashboard of the project uses the model (access/models.ts).
 */

const VIEW = { area: 'model', level: 'view' } as const;
const EDIT = { area: 'model', level: 'edit' } as const;

const nameField = z.string().trim().max(MODEL_NAME_MAX, `At most ${MODEL_NAME_MAX} characters`);
const descriptionField = z.string().trim().max(MODEL_DESCRIPTION_MAX, `At most ${MODEL_DESCRIPTION_MAX} characters`);
const created = z.object({ _id: id });

/** A model from a function; an empty name defaults to the function's name ('Auto (Function Name)'). */
export const createModel = endpoint({
  method: 'POST',
  path: '/api/v1/algorithms/:id/createModel',
  access: projectRule(EDIT, 'algorithm'),
  params: idParams,
  body: z.object({ name: nameField.optional(), description: descriptionField.optional() }).strict(),
  response: created,
});

export const listModels = endpoint({
  method: 'GET',
  path: '/api/v1/models',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id }),
  response: z.array(modelSchema),
});

export const getModel = endpoint({
  method: 'GET',
  path: '/api/v1/models/:id',
  access: projectFactRule('model:run', 'model'),
  params: idParams,
  response: modelSchema,
});

export const updateModel = endpoint({
  method: 'PUT',
  path: '/api/v1/models/:id',
  access: projectRule(EDIT, 'model'),
  params: idParams,
  body: z
    .object({
      name: nameField.min(1, 'Required').optional(),
      description: descriptionField.optional(),
      inputs: z.array(modelInputSchema).max(200).optional(),
      onboarded: z.boolean().optional(),
      resultStorage: z.enum(MODEL_RESULT_STORAGES).optional(),
      runButtonText: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters').optional(),
      /** Only [] (Update Source's Cancel): the trial run's datasets that are not outputs are removed. */
      tempOutputs: z.array(modelOutputRefSchema).max(0, 'Only an empty list').optional(),
    })
    .strict(),
  response: modelSchema,
});

/** Deletes the model and its runs (its Model Output datasets stay, as datasets). */
export const deleteModel = endpoint({
  method: 'DELETE',
  path: '/api/v1/models/:id',
  access: projectRule(EDIT, 'model'),
  params: idParams,
  response: ok,
});

export const duplicateModel = endpoint({
  method: 'POST',
  path: '/api/v1/models/:id/duplicate',
  access: projectRule(EDIT, 'model'),
  params: idParams,
  response: created,
});

/** Done in onboarding: every input typed with a default (400 naming those that are not), the model onboarded. */
export const confirmModel = endpoint({
  method: 'POST',
  path: '/api/v1/models/:id/confirm',
  access: projectRule(EDIT, 'model'),
  params: idParams,
  response: modelSchema,
});

/** Queues a run; a dataframe input's value is a dataset id of the model's project. */
export const executeModel = endpoint({
  method: 'POST',
  path: '/api/v1/models/:id/execute',
  access: projectFactRule('model:run', 'model'),
  params: idParams,
  body: z
    .object({
      inputs: z.array(z.object({ varName: z.string().min(1).max(200), value: z.unknown() })).max(200),
      /** Update Source's trial run: its outputs go to new datasets (tempOutputs), not to the model's outputs. */
      temp: z.boolean().optional(),
    })
    .strict(),
  response: modelRunSchema,
});

/** Newest first, `limit` (20) a page. */
export const listModelRuns = endpoint({
  method: 'GET',
  path: '/api/v1/models/:id/model-runs',
  access: projectFactRule('model:run', 'model'),
  params: idParams,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(MODEL_RUNS_PAGE_SIZE),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  }),
  response: z.object({ runs: z.array(modelRunSchema) }),
});

export const getModelRun = endpoint({
  method: 'GET',
  path: '/api/v1/model-runs/:id',
  access: projectFactRule('model:run', 'modelRun'),
  params: idParams,
  response: modelRunSchema,
});

/**
 * What the run printed (stdout and stderr interleaved, its last 1 MB: a first line says when the start was cut), as
 * text; while the run goes on, what it printed so far (written about every second). `?download=1`: as a file.
 */
export const modelRunLog = endpoint({
  method: 'GET',
  path: '/api/v1/model-runs/:id/log',
  access: projectFactRule('model:run', 'modelRun'),
  params: idParams,
  query: z.object({ download: z.enum(['0', '1']).optional() }),
  response: z.string(),
  raw: true,
});

/** Stops a queued or started run: the sandbox is killed, then the run says cancelled. */
export const cancelModelRun = endpoint({
  method: 'PUT',
  path: '/api/v1/model-runs/:id/cancel',
  access: projectFactRule('model:run', 'modelRun'),
  params: idParams,
  response: modelRunSchema,
});

/** Rename or star a run: model edit, like the model's own name (running it, from a dashboard too, is not enough). */
export const updateModelRun = endpoint({
  method: 'PUT',
  path: '/api/v1/model-runs/:id',
  access: projectRule(EDIT, 'modelRun'),
  params: idParams,
  body: z
    .object({ favourite: z.boolean().optional(), name: nameField.optional(), description: descriptionField.optional() })
    .strict(),
  response: modelRunSchema,
});

/**
 * The run whose outputs the model's cards show, for every viewer (docs/models.md, "Selected run"): a finished run
 * of a model keeping all runs (400 otherwise), or null for the latest; the newest finished run is the latest.
 * Whoever may run the model may choose it. Answers the model.
 */
export const selectModelRun = endpoint({
  method: 'PUT',
  path: '/api/v1/models/:id/selected-run',
  access: projectFactRule('model:run', 'model'),
  params: idParams,
  body: z.object({ runId: id.nullable() }).strict(),
  response: modelSchema,
});

/** Only finished, failed or cancelled runs (409 otherwise). */
export const deleteModelRun = endpoint({
  method: 'DELETE',
  path: '/api/v1/model-runs/:id',
  access: projectRule(EDIT, 'modelRun'),
  params: idParams,
  response: ok,
});

/**
 * The models whose output datasets the cards of a dashboard read: its model bars and the cards'
 * model icons. Dashboard view, like the dashboard.
 */
/**
 * A public dashboard's model bars, read-only (docs/product.md "Public data apps"): each model its cards read, with
 * the inputs of its bar and the values of the run its cards show (the model's selected run, else its latest
 * finished run; the defaults before any). Values are sent as text, a dataset input as the dataset's name: a
 * visitor sees them, runs nothing.
 */
export const publicModelBarSchema = z.object({
  _id: id,
  name: z.string(),
  runButtonText: z.string(),
  inputs: z.array(z.object({ _id: id, name: z.string(), varName: z.string(), value: z.string() })),
  /**
   * While someone chose a run for the model's cards (its selected run): that run's output datasets, each with the
   * dataset job the run wrote. A card reading one of them asks for that job's rows (`jobId`), as on the signed-in
   * dashboard. Empty while the cards show the latest data.
   */
  selectedOutputs: z.array(z.object({ datasetId: id, jobId: id })),
});
export type PublicModelBar = z.infer<typeof publicModelBarSchema>;

export const publicDashboardModels = endpoint({
  method: 'GET',
  path: '/api/v1/public/dashboards/:id/models',
  access: PUBLIC,
  params: idParams,
  query: z.object({ [PREVIEW_TOKEN_PARAM]: z.string().min(1).max(200).optional() }),
  response: z.object({ models: z.array(publicModelBarSchema) }),
});

export const dashboardModels = endpoint({
  method: 'GET',
  path: '/api/v1/dashboards/:id/models',
  access: projectRule({ area: 'dashboard', level: 'view' }, 'dashboard'),
  params: idParams,
  response: z.object({ models: z.array(modelSchema) }),
});
