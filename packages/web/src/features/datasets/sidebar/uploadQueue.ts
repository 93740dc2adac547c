import { type DatasetJob, UPLOAD_QUEUE_NEWEST } from '@tessera/shared';

/** The queue shows expanded when one of the 3 newest jobs is still receiving its file or running. */
export function queueExpanded(jobs: readonly Pick<DatasetJob, 'status' | 'timeCreated'>[]): boolean {
  const newest = [...jobs].sort((a, b) => b.timeCreated.localeCompare(a.timeCreated)).slice(0, UPLOAD_QUEUE_NEWEST);
  return newest.some((job) => job.status === 'continue' || job.status === 'active');
}
