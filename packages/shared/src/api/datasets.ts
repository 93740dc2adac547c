import { z } from 'zod';
import { dashboardTypeSchema } from '../dashboards/entities.ts';
import { DATASET_DATA_MAX_LIMIT, DATASET_PAGE_SIZE, MAX_UPLOAD_BYTES } from '../datasets/constants.ts';
import { cellSchema, datasetDetailSchema, datasetSchema, joinSourceSchema, pagesSchema } from '../datasets/entities.ts';
import { datasetJobSchema } from '../datasets/jobs.ts';
import { datasetQuerySchema } from '../datasets/query.ts';
import { projectRule } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';
import { id, idParams, ok } from '../http/ids.ts';

/** Datasets. Reading needs dataset view; every change needs dataset edit. */

export const DATASET_NAME_MAX = 200;
export const DATASET_DESCRIPTION_MAX = 2000;

const VIEW = { area: 'dataset', level: 'view' } as const;
const EDIT = { area: 'dataset', level: 'edit' } as const;

export const datasetNameField = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(DATASET_NAME_MAX, `At most ${DATASET_NAME_MAX} characters`);
const descriptionField = z
  .string()
  .trim()
  .max(DATASET_DESCRIPTION_MAX, `At most ${DATASET_DESCRIPTION_MAX} characters`);

/**
 * A project's datasets; `imported=true|false` keeps those whose import has (or has not) completed, `id` only that
 * dataset (an empty list when it is not one of the project's).
 */
export const listDatasets = endpoint({
  method: 'GET',
  path: '/api/v1/datasets',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({
    projectId: id,
    imported: z
      .enum(['true', 'false'], { message: 'Write true or false' })
      .transform((v) => v === 'true')
      .optional(),
    id: id.optional(),
  }),
  response: z.array(datasetSchema),
});

export const getDataset = endpoint({
  method: 'GET',
  path: '/api/v1/datasets/:id',
  access: projectRule(VIEW, 'dataset'),
  params: idParams,
  response: datasetDetailSchema,
});

const createFileDataset = z
  .object({
    type: z.literal('file').optional(),
    name: datasetNameField,
    projectId: id,
    description: descriptionField.optional(),
  })
  .strict();

/** A joined dataset: both sources must be datasets of the same project. */
const createJoinedDataset = z
  .object({
    type: z.literal('joined'),
    name: datasetNameField,
    projectId: id,
    description: descriptionField.optional(),
    source: z.object({ join: joinSourceSchema }).strict(),
  })
  .strict();

/**
 * Creates a file dataset (then `POST /datasets/{id}/upload`; the web names it after the file, without the
 * extension) or a joined dataset, whose features are derived from its sources at once.
 */
export const createDataset = endpoint({
  method: 'POST',
  path: '/api/v1/datasets',
  access: projectRule(EDIT, 'project', 'body', 'projectId'),
  body: z.union([createJoinedDataset, createFileDataset]),
  response: datasetDetailSchema,
});

/** Rename, describe, or put in folders (`collections`: the folder ids, all of the dataset's project). */
export const updateDataset = endpoint({
  method: 'PUT',
  path: '/api/v1/datasets/:id',
  access: projectRule(EDIT, 'dataset'),
  params: idParams,
  body: z
    .object({
      name: datasetNameField.optional(),
      description: descriptionField.optional(),
      collections: z.array(id).max(100).optional(),
    })
    .strict(),
  response: datasetSchema,
});

/** What reads a dataset: cards (with their dashboard), models (an input or an output), joined datasets. */
export const datasetUsesSchema = z.object({
  cards: z.array(
    z.object({
      _id: id,
      name: z.string(),
      dashboard: z.object({ _id: id, name: z.string(), type: dashboardTypeSchema }),
    }),
  ),
  models: z.array(z.object({ _id: id, name: z.string() })),
  datasets: z.array(z.object({ _id: id, name: z.string() })),
});
export type DatasetUses = z.infer<typeof datasetUsesSchema>;

/**
 * What uses the dataset (the Delete Dataset dialog): a joined dataset reading it refuses the delete; cards and
 * models stay and lose their data (the dialog says so, naming them).
 */
export const getDatasetUses = endpoint({
  method: 'GET',
  path: '/api/v1/datasets/:id/uses',
  access: projectRule(EDIT, 'dataset'),
  params: idParams,
  response: datasetUsesSchema,
});

/** Deletes the dataset, its features and its data. A dataset a joined dataset reads from answers 409. */
export const deleteDataset = endpoint({
  method: 'DELETE',
  path: '/api/v1/datasets/:id',
  access: projectRule(EDIT, 'dataset'),
  params: idParams,
  response: ok,
});

/**
 * The first file of a file dataset (multipart, field `file`): a .csv under 2,000,000,000 bytes, else 400
 * 'wrong file type' / 413 'file too large' (fields.file), checked before any byte is stored where possible.
 * The file streams to disk; the answer is the import job, whose statuses then arrive as `job:updated` on the
 * project's live channel, and `dataset:updated` when the dataset is imported.
 */
export const uploadDataset = endpoint({
  method: 'POST',
  path: '/api/v1/datasets/:id/upload',
  access: projectRule(EDIT, 'dataset'),
  params: idParams,
  multipart: { field: 'file', maxBytes: MAX_UPLOAD_BYTES },
  response: datasetJobSchema,
});

/**
 * Appends a file to an imported file dataset: its column names must match the original file's (any order),
 * else 400 naming the difference ("Missing columns: x; unexpected columns: y"). Each append is a job.
 */
export const appendDataset = endpoint({
  method: 'PUT',
  path: '/api/v1/datasets/:id/append',
  access: projectRule(EDIT, 'dataset'),
  params: idParams,
  multipart: { field: 'file', maxBytes: MAX_UPLOAD_BYTES },
  response: datasetJobSchema,
});

/**
 * The user left the page during an upload: the dataset's uploads still in progress (`continue`), or the one
 * named, are failed. Answers the jobs it failed.
 */
export const failDatasetJob = endpoint({
  method: 'POST',
  path: '/api/v1/datasets/:id/failJob',
  access: projectRule(EDIT, 'dataset'),
  params: idParams,
  body: z.object({ jobId: id.optional() }).strict().optional(),
  response: z.array(datasetJobSchema),
});

const pageNumber = z.coerce.number().int('A whole number').min(1, 'At least 1');

/**
 * One page of rows (Data tab: 50 a page). Each row is keyed by feature `_id`; hidden features are left
 * out; a changed type is applied as a cast. `jobId` reads one job's rows only.
 */
export const datasetData = endpoint({
  method: 'POST',
  path: '/api/v1/datasets/:id/data',
  access: projectRule(VIEW, 'dataset'),
  params: idParams,
  query: z.object({
    jobId: id.optional(),
    page: pageNumber.default(1),
    limit: pageNumber.max(DATASET_DATA_MAX_LIMIT, `At most ${DATASET_DATA_MAX_LIMIT}`).default(DATASET_PAGE_SIZE),
  }),
  body: datasetQuerySchema.optional(),
  response: z.object({
    list: z.array(z.record(z.string(), cellSchema)),
    pages: pagesSchema,
    /** Rows over all pages. */
    count: z.number().int(),
    jobId: id.nullable(),
  }),
});

/** The CSV of the dataset (visible features, header = their names, changed types cast), streamed. */
export const downloadDataset = endpoint({
  method: 'GET',
  path: '/api/v1/datasets/:id/download',
  access: projectRule(VIEW, 'dataset'),
  params: idParams,
  response: z.string(),
  raw: true,
});

/** The Append History tab: original file name, created, last updated and the jobs, newest first. */
export const datasetHistory = endpoint({
  method: 'GET',
  path: '/api/v1/datasets/:id/jobs',
  access: projectRule(VIEW, 'dataset'),
  params: idParams,
  response: z.object({
    originalFileName: z.string().nullable(),
    timeCreated: z.string(),
    lastUpdated: z.string(),
    jobs: z.array(datasetJobSchema),
  }),
});

/**
 * The upload queue of the datasets sidebar: the project's upload and append jobs, newest first (the
 * queue shows expanded when one of the 3 newest is continue or active). Their changes arrive as `job:updated`.
 */
export const listProjectDatasetJobs = endpoint({
  method: 'GET',
  path: '/api/v1/datasets/jobs',
  access: projectRule(VIEW, 'project', 'query', 'projectId'),
  query: z.object({ projectId: id, limit: z.coerce.number().int().min(1).max(100).default(20) }),
  response: z.array(datasetJobSchema),
});

/** Removes exactly the rows one job brought (its segment); answers the dataset. */
export const deleteDatasetJobData = endpoint({
  method: 'DELETE',
  path: '/api/v1/datasets/:id/deleteData/:jobId',
  access: projectRule(EDIT, 'dataset'),
  params: z.object({ id, jobId: id }),
  response: datasetSchema,
});
