import { z } from 'zod';
import { memberSchema } from '../api/permissions.ts';
import { projectSchema } from '../api/projects.ts';
import { alertFiredEventSchema } from '../dashboards/alerts.ts';
import { dashboardEventSchema, tabSchema, unitSchema } from '../dashboards/entities.ts';
import { id } from '../http/ids.ts';
import { jobSchema } from '../jobs/job.ts';
import { modelRunSchema } from '../models/entities.ts';
import { packageEventSchema } from '../packages/entities.ts';
import { triggerSchema } from '../triggers/entities.ts';

/**
 * Every event the server sends on a project's live channel, with its payload schema. The server's
 * `emitToProject` only accepts these names and payloads; the web client subscribes with the same types.
 * Later areas add their events here (datasets' jobs, dashboards' changes, model runs...).
 */
export const projectEvents = {
  /** The project was renamed, made public or private, or moved to another organization. */
  'project:updated': projectSchema,
  /** The project was deleted: the channel closes right after. */
  'project:deleted': z.object({ _id: id }),
  /** A member was added or their roles changed. */
  'permission:updated': memberSchema,
  /** A member was removed or left; when `userId` is the receiver's, they lost the project (unless they manage it). */
  'permission:deleted': z.object({ _id: id, userId: id, projectId: id }),
  /** Transfer Assets moved these assets (by kind) from one project to the other; sent on both channels. */
  'assets:transferred': z.object({ fromProjectId: id, toProjectId: id, assets: z.record(z.string(), z.array(id)) }),
  /** A dashboard was created or changed (settings, colours, tab order, preview image); names nobody. */
  'dashboard:updated': dashboardEventSchema,
  'dashboard:deleted': z.object({ _id: id }),
  /** A tab was created or changed (name, description, layout, card order or cards added or removed). */
  'tab:updated': tabSchema,
  'tab:deleted': z.object({ _id: id, dashboardId: id }),
  /** A card was created or changed (name, description, type, vis). */
  'unit:updated': unitSchema,
  'unit:deleted': z.object({ _id: id, tabId: id, dashboardId: id }),
  /** A job was created, changed status or reported progress (sent to those who see its owner's area). */
  'job:updated': jobSchema,
  /** A dataset was created, imported, appended to, renamed, moved in or out of a folder, or lost a job's rows: lists refetch. */
  'dataset:updated': z.object({
    _id: id,
    reason: z.enum(['created', 'imported', 'appended', 'dataDeleted', 'updated', 'featuresUpdated']),
  }),
  /** A dataset was deleted. */
  'dataset:deleted': z.object({ _id: id }),
  /** A form was created or changed (texts, elements, published, Collecting Responses); lists and builders refetch. */
  'form:updated': z.object({ _id: id }),
  'form:deleted': z.object({ _id: id }),
  /** A folder of datasets was created, renamed or deleted. */
  /** An alert's condition became true: sent to its recipient only (docs/data-apps.md "Alerts"). */
  'alert:fired': alertFiredEventSchema,
  'collection:updated': z.object({ _id: id, deleted: z.boolean() }),
  /** A package's build step started, succeeded or failed, or its name, description or code changed. */
  'package:updated': packageEventSchema,
  'package:deleted': z.object({ _id: id }),
  /** A model was created, changed or deleted: lists refetch. */
  'model:updated': z.object({ _id: id, deleted: z.boolean() }),
  /**
   * A run was queued, started, finished, failed or cancelled; `notice` ('Model Run Complete: {name}' or 'Model
   * Run Failed: {name}') when it ended that way, for the live notice (7 s).
   */
  'modelRun:updated': modelRunSchema.extend({ modelName: z.string(), notice: z.string().nullable() }),
  /** Scheduled runs: created, paused (Pause), activated (Resume). */
  'trigger:created': triggerSchema,
  'trigger:paused': triggerSchema,
  'trigger:activated': triggerSchema,
  /** A scheduled run was edited or deleted: lists refetch. */
  'trigger:updated': z.object({ _id: id, modelId: id, deleted: z.boolean() }),
  /** What a running function prints, as it prints it. */
  'modelRun:log': z.object({
    _id: id,
    modelId: id,
    stream: z.enum(['stdout', 'stderr']),
    text: z.string(),
  }),
} as const;

export type ProjectEventName = keyof typeof projectEvents;
export type ProjectEventPayload<E extends ProjectEventName> = z.output<(typeof projectEvents)[E]>;

/** socket.io's typed-events shape (`Server<{}, ProjectServerToClient>`, `Socket<ProjectServerToClient>`). */
export type ProjectServerToClient = { [E in ProjectEventName]: (payload: ProjectEventPayload<E>) => void };
