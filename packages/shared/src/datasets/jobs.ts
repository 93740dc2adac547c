import { z } from 'zod';
import { jobSchema } from '../jobs/job.ts';

/**
 * A dataset's job as the upload answer and the Append History show it: the job (an upload still
 * receiving its bytes is `continue`, then `queued`, `active`, and `completed` or `failed`) with what it brought
 * to the dataset. `dataDeleted` marks a completed job whose rows were removed (DELETE .../deleteData/{jobId}).
 */
export const datasetJobSchema = jobSchema.extend({
  kind: z.enum(['upload', 'append', 'output']),
  fileName: z.string().nullable(),
  bytes: z.number().nullable(),
  rowCount: z.number().int().nullable(),
  dataDeleted: z.boolean(),
});
export type DatasetJob = z.infer<typeof datasetJobSchema>;
