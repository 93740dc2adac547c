import { z } from 'zod';
import { id } from '../http/ids.ts';
import { MODEL_INPUT_TYPES, MODEL_RESULT_STORAGES, MODEL_RUN_STATUSES } from './constants.ts';

/** How an input shows in the model bar and panel (docs/models.md). */
export const modelInputDisplaySchema = z.object({
  modelBar: z.boolean(),
  modelPanel: z.enum(['hidden', 'primary', 'secondary']),
  inputType: z.string().max(50),
  config: z.record(z.string(), z.unknown()),
});

/** A model input: one parameter of the function, typed, with a default. */
export const modelInputSchema = z.object({
  _id: id,
  name: z.string().max(200),
  varName: z.string().min(1).max(200),
  dataType: z.enum(MODEL_INPUT_TYPES).nullable(),
  defaultValue: z.unknown(),
  value: z.unknown(),
  description: z.string().max(5000),
  /** The choices of a select input; null when the input is free. */
  options: z.array(z.unknown()).nullable(),
  display: modelInputDisplaySchema,
});
export type ModelInput = z.infer<typeof modelInputSchema>;

export const modelOutputRefSchema = z.object({
  name: z.string(),
  dataset: z.object({ _id: id }),
  /** On a run's outputs: the dataset job the run wrote (a card pins a run by this job, all-runs storage). */
  jobId: id.optional(),
});
export type ModelOutputRef = z.infer<typeof modelOutputRefSchema>;

/** A value a run was given, after checking (a dataframe's is a dataset id). */
export const runInputValueSchema = z.object({ varName: z.string(), dataType: z.string(), value: z.unknown() });
export type RunInputValue = z.infer<typeof runInputValueSchema>;

export const modelSchema = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  projectId: id,
  algorithmId: id.nullable(),
  inputs: z.array(modelInputSchema),
  outputs: z.array(modelOutputRefSchema),
  tempOutputs: z.array(modelOutputRefSchema),
  resultStorage: z.enum(MODEL_RESULT_STORAGES),
  onboarded: z.boolean(),
  runButtonText: z.string(),
  /** The run whose outputs the model's cards show, for every viewer; null: the latest (newest finished) run. */
  selectedRunId: id.nullable(),
  running: z.boolean(),
  /** The algorithm is gone (its package deleted or the function removed). */
  sourceMissing: z.boolean(),
  /** The algorithm belongs to another project (Transfer Assets). */
  transferred: z.boolean(),
  user: z.object({ id: id.nullable() }),
  timeCreated: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

export const modelRunSchema = z.object({
  _id: id,
  modelId: id,
  status: z.enum(MODEL_RUN_STATUSES),
  failureKind: z.string().nullable(),
  inputs: z.array(runInputValueSchema),
  outputs: z.array(modelOutputRefSchema),
  error: z.string().nullable(),
  executionDatetime: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  userId: id.nullable(),
  favourite: z.boolean(),
  name: z.string(),
  description: z.string(),
  jobId: id.nullable(),
  /** Set when a scheduled run (trigger) made this run: the trigger and the occurrence it fired for. */
  triggerId: id.nullable(),
  scheduledAt: z.string().nullable(),
});
export type ModelRun = z.infer<typeof modelRunSchema>;
