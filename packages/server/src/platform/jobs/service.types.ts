import type { JobOwnerType, JobType } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { newId } from '../ids.ts';
import type { JobRow } from './jobs.store.ts';

/** What the job service is given and asked for (service.ts), and the row it makes of a job. */
export interface EnqueueInput<D extends object = Record<string, unknown>> {
  projectId: string;
  type: JobType;
  ownerType: JobOwnerType;
  ownerId: string;
  /** Who started it (null for the system). */
  userId: string | null;
  /** What the user sees in job lists (a file name, a model's name...). */
  name: string;
  /** Handed to the handler; JSON only (it is stored in the queue). */
  data?: D;
}
export type HoldInput = Omit<EnqueueInput, 'data'>;

export interface JobServiceOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Workers run only when 'all' or 'worker'; an 'api' process enqueues and holds uploads but runs nothing. */
  role: 'all' | 'api' | 'worker';
  pollingSeconds: number;
  heartbeatSeconds: number;
  stopSeconds: number;
  /** Sends a job's new state to its project's live channel. */
  publish(row: JobRow): void;
}

/** A new job's row: queued, or held by `nodeId` while it waits for its input (continue). */
export function newJobRow(input: HoldInput, status: 'queued' | 'continue', nodeId: string): JobRow {
  const now = new Date();
  return {
    id: newId(),
    projectId: input.projectId,
    name: input.name,
    type: input.type,
    status,
    ownerType: input.ownerType,
    ownerId: input.ownerId,
    userId: input.userId,
    progress: null,
    message: null,
    messageCode: null,
    messageParams: null,
    worker: status === 'continue' ? nodeId : null,
    heartbeatAt: status === 'continue' ? now : null,
    timeCreated: now,
    lastUpdated: now,
  };
}
