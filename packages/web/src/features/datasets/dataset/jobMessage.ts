import { COLORS, type JobStatus } from '@tessera/shared';

/** A job's status colour (palette): failed in red #D94E4E, completed in green #00C48B. */
const STATUS_COLOR: Record<JobStatus, string> = {
  queued: 'gray',
  continue: 'blue',
  active: 'blue',
  completed: COLORS.success,
  failed: COLORS.error,
  cancelled: 'gray',
};
export const jobStatusColor = (status: JobStatus): string => STATUS_COLOR[status];
