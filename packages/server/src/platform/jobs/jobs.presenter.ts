import type { Job } from '@tessera/shared';
import type { JobRow } from './jobs.store.ts';

/** A job row as the API and the live channel show it. */
export function presentJob(row: JobRow): Job {
  return {
    _id: row.id,
    projectId: row.projectId,
    name: row.name,
    type: row.type,
    status: row.status,
    ownerType: row.ownerType,
    ownerId: row.ownerId,
    user: { id: row.userId },
    progress: row.progress,
    message: row.message,
    ...(row.messageCode ? { messageCode: row.messageCode } : {}),
    ...(row.messageCode && row.messageParams ? { messageParams: row.messageParams } : {}),
    timeCreated: row.timeCreated.toISOString(),
    lastUpdated: row.lastUpdated.toISOString(),
  };
}
