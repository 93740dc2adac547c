import type { Db } from '../db/client.ts';
import { newId } from '../platform/ids.ts';
import { jobs } from '../platform/jobs/jobs.tables.ts';

/**
 * Writes a job row as a process that died leaves it (the recovery tests): active under a worker that is gone,
 * its last heartbeat an hour back (on PostgreSQL a holder counts as gone only once its heartbeat is stale). The
 * fields given replace those defaults (a queued or failed job, another worker). Answers the job's id.
 */
export async function insertAbandonedJob(
  db: Db,
  job: Omit<typeof jobs.$inferInsert, 'id' | 'status'> & Partial<Pick<typeof jobs.$inferInsert, 'id' | 'status'>>,
): Promise<string> {
  const id = job.id ?? newId();
  await db.insert(jobs).values({
    status: 'active',
    worker: 'a-process-that-died',
    heartbeatAt: new Date(Date.now() - 3600_000),
    ...job,
    id,
  });
  return id;
}
