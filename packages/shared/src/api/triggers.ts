import { z } from 'zod';
import { projectAction } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';
import { TRIGGER_MESSAGES } from '../triggers/constants.ts';
import { triggerBodySchema, triggerSchema, triggerUpdateSchema } from '../triggers/entities.ts';

/**
 * Scheduled model runs: model edit writes, model view reads. A trigger's project comes from
 * its model (create) or from the trigger (the others); another tenant's answers 404.
 */

/** Creates an active trigger; answers it with its `nextRunAt`. */
export const createTrigger = endpoint({
  method: 'POST',
  path: '/api/v1/triggers',
  access: projectAction('model:edit', 'model', 'body', 'modelId'),
  body: triggerBodySchema,
  response: triggerSchema,
});

/**
 * A project's triggers (`projectId`) or one model's (`modelId`), oldest first. The one given is the scope the
 * access rule resolves (a project id or a model id).
 */
export const listTriggers = endpoint({
  method: 'GET',
  path: '/api/v1/triggers',
  access: projectAction('model:view', 'triggerScope', 'query', 'scope'),
  query: z
    .object({ projectId: id.optional(), modelId: id.optional() })
    .strict()
    .refine((q) => Boolean(q.projectId) !== Boolean(q.modelId), {
      message: TRIGGER_MESSAGES.scopeRequired,
      params: { code: 'trigger.scopeRequired' },
      path: ['projectId'],
    })
    .transform((q) => ({ ...q, scope: (q.modelId ?? q.projectId) as string })),
  response: z.array(triggerSchema),
});

export const getTrigger = endpoint({
  method: 'GET',
  path: '/api/v1/triggers/:id',
  access: projectAction('model:view', 'trigger'),
  params: idParams,
  response: triggerSchema,
});

/** Changes name, description, inputs or pattern; the next run is computed again. */
export const updateTrigger = endpoint({
  method: 'PUT',
  path: '/api/v1/triggers/:id',
  access: projectAction('model:edit', 'trigger'),
  params: idParams,
  body: triggerUpdateSchema,
  response: triggerSchema,
});

/** Pause: active → inactive; no fire happens after it answers. */
export const pauseTrigger = endpoint({
  method: 'PUT',
  path: '/api/v1/triggers/:id/pause',
  access: projectAction('model:edit', 'trigger'),
  params: idParams,
  response: triggerSchema,
});

/** Resume: inactive → active, from the next occurrence after now (what fell in the pause is not run). */
export const activateTrigger = endpoint({
  method: 'PUT',
  path: '/api/v1/triggers/:id/activate',
  access: projectAction('model:edit', 'trigger'),
  params: idParams,
  response: triggerSchema,
});

/** Deletes the trigger; the runs it made stay in the model's history. */
export const deleteTrigger = endpoint({
  method: 'DELETE',
  path: '/api/v1/triggers/:id',
  access: projectAction('model:edit', 'trigger'),
  params: idParams,
  response: ok,
});
