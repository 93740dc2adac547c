import { z } from 'zod';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id } from '../http/ids.ts';
import { modelOutputRefSchema, modelSchema } from '../models/entities.ts';
import { outputMergeSchema, outputUpdateSchema } from '../models/merge.ts';

/**
 * Update Source: pick another function, a trial run (execute with temp) writes
 * new datasets (the model's tempOutputs), each new output is matched to a previous one (edit_output), then
 * Commit (outputs {updates}) or Cancel (PUT models/{id} with tempOutputs []).
 */

const EDIT = { area: 'model', level: 'edit' } as const;

/** Picking a source: the model's function becomes this one (a built package of the model's project). */
export const setModelAlgorithm = endpoint({
  method: 'PUT',
  path: '/api/v1/models/:id/algorithm/:algorithmId',
  access: projectRule(EDIT, 'model'),
  params: z.object({ id, algorithmId: id }),
  response: modelSchema,
});

/** The merge view of one new output; `target` chooses the previous output (null: none), absent: auto-match. */
export const editModelOutput = endpoint({
  method: 'POST',
  path: '/api/v1/models/:id/edit_output/:datasetId',
  access: projectRule(EDIT, 'model'),
  params: z.object({ id, datasetId: id }),
  body: z.object({ target: id.nullable().optional() }).strict(),
  response: outputMergeSchema,
});

/**
 * Commit: each new output merges into its target (linked features keep their ids, renamed to the new names; the
 * target's unlinked features are removed) or becomes an output; previous outputs no longer mapped are removed
 * with their features; the model is confirmed and tempOutputs cleared. Answers the model's outputs.
 */
export const updateModelOutputs = endpoint({
  method: 'POST',
  path: '/api/v1/models/:id/outputs',
  access: projectRule(EDIT, 'model'),
  params: z.object({ id }),
  body: z.object({ updates: z.array(outputUpdateSchema).max(100) }).strict(),
  response: z.object({ outputs: z.array(modelOutputRefSchema) }),
});
