import { z } from 'zod';
import { PROJECT_AREAS } from '../http/access.ts';
import { id } from '../http/ids.ts';

/**
 * Long work is a job: uploads' feature detection, appends, package builds, model runs,
 * dashboard previews. Each has a row with its status, streamed to the project's live channel as
 * `job:updated`.
 */

/** What a job does; each is one pg-boss queue. A new kind of work adds its name here. */
export const JOB_TYPES = [
  'featureDetection',
  'append',
  'packageBuild',
  'modelRun',
  'dashboardPreview',
  /** A data app's PDF or a tab's or card's PNG (docs/data-apps.md "Export"). */
  'dashboardExport',
  /** The segment of a form's Form Responses dataset, rebuilt as responses arrive (one row, never queued). */
  'formResponses',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

/**
 * - continue: the job waits for its input (an upload still receiving its bytes), it is not queued yet;
 * - queued: waiting for a worker; active: a worker runs it;
 * - completed, failed, cancelled: finished for good.
 */
export const JOB_STATUSES = ['queued', 'continue', 'active', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const UNFINISHED_JOB_STATUSES = ['queued', 'continue', 'active'] as const satisfies readonly JobStatus[];
export const FINISHED_JOB_STATUSES = ['completed', 'failed', 'cancelled'] as const satisfies readonly JobStatus[];
export const isJobFinished = (status: JobStatus): boolean =>
  (FINISHED_JOB_STATUSES as readonly JobStatus[]).includes(status);

/** What a job belongs to: a resource of one of the project's areas (its events go to those who see the area). */
export const JOB_OWNER_TYPES = PROJECT_AREAS;
export type JobOwnerType = (typeof JOB_OWNER_TYPES)[number];

/** The messages the platform itself writes on a job (a handler's own failure message is its own text). */
export const JOB_MESSAGES = {
  interrupted: 'Interrupted by a server restart',
  /** On a job started again from the beginning because the process running it died (an import: DefineOptions). */
  restarted: 'Started again: the server running it stopped',
  timeout: 'The job took too long',
  cancelled: 'Cancelled',
} as const;

/** A job as the API and the live channel present it. */
export const jobSchema = z.object({
  _id: id,
  projectId: id,
  name: z.string(),
  type: z.enum(JOB_TYPES),
  status: z.enum(JOB_STATUSES),
  ownerType: z.enum(JOB_OWNER_TYPES),
  ownerId: id,
  /** Who started it; id null for work the system started (a scheduled run) or whose user was deleted. */
  user: z.object({ id: id.nullable() }),
  /** 0..1 while it runs, when the work can tell. */
  progress: z.number().min(0).max(1).nullable(),
  /** Why it failed, or what it is doing: English text, for logs and API callers. */
  message: z.string().nullable(),
  /**
   * The message's code of the shared list (SERVER_ERRORS) and the values of its `{name}` parts, when it is one of
   * ours: the web translates by them. Absent for text no code of ours wrote (a Python traceback) and for the jobs
   * stored before codes were.
   */
  messageCode: z.string().optional(),
  messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  timeCreated: z.string(),
  lastUpdated: z.string(),
});
export type Job = z.infer<typeof jobSchema>;
