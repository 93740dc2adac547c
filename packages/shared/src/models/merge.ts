import { z } from 'zod';
import { id } from '../http/ids.ts';

/** Update Source's merge view and its commit. */

export const mergeFeatureSchema = z.object({ _id: z.string(), name: z.string(), dbName: z.string(), type: z.string() });
export type MergeFeature = z.infer<typeof mergeFeatureSchema>;

/** One new output of the trial run and what it would merge into: Linked (target) or New, per feature too. */
export const outputMergeSchema = z.object({
  dataset: z.object({ _id: id, name: z.string() }),
  outputName: z.string(),
  /** The previous output it merges with (auto-matched, or chosen); null: a new output. */
  target: z.object({ _id: id, name: z.string() }).nullable(),
  /** The new output's features, each linked to a feature of the target (its _id) or null (new). */
  features: z.array(mergeFeatureSchema.extend({ link: z.string().nullable() })),
  /** The target's features; those no new feature links to would be Deleted. */
  targetFeatures: z.array(mergeFeatureSchema),
  /** The previous outputs one may merge with. */
  candidates: z.array(z.object({ _id: id, name: z.string() })),
  /** A sample of the new output (4 rows), by feature name. */
  preview: z.array(z.record(z.string(), z.unknown())),
});
export type OutputMerge = z.infer<typeof outputMergeSchema>;

export const outputUpdateSchema = z.object({
  /** A new output (a dataset of tempOutputs). */
  datasetId: id,
  /** The previous output it merges into; null: it becomes a new output. */
  target: id.nullable(),
  /** Per new feature name, the target's feature it continues (null: a new feature). */
  links: z.record(z.string().max(500), z.string().max(100).nullable()),
});
export type OutputUpdate = z.infer<typeof outputUpdateSchema>;
