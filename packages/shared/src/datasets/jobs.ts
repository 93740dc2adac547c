import { z } from 'zod';
import { id } from '../http/ids.ts';

/** Job statuses (spec 3 §3 Job): an upload in progress is `continue`; the import then runs `queued` → `active`. */
export const DATASET_JOB_STATUSES = ['queued', 'continue', 'active', 'completed', 'failed', 'cancelled'] as const;

/**
 * A dataset's job as its Append History shows it: the job (spec 3 §3) with what it brought to the dataset.
 * `dataDeleted` marks a completed job whose rows were removed (DELETE /datasets/{id}/deleteData/{jobId}).
 */
export const datasetJobSchema = z.object({
  _id: id,
  name: z.string(),
  status: z.enum(DATASET_JOB_STATUSES),
  ownerType: z.string(),
  ownerId: z.string(),
  user: z.object({ id: id.nullable() }),
  timeCreated: z.string(),
  /** Why it failed, for the user. */
  message: z.string().nullable(),
  kind: z.enum(['upload', 'append']),
  fileName: z.string().nullable(),
  bytes: z.number().nullable(),
  rowCount: z.number().int().nullable(),
  dataDeleted: z.boolean(),
});
export type DatasetJob = z.infer<typeof datasetJobSchema>;
