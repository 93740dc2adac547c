import { COLORS, type JobStatus } from '@tessera/shared';
import type { TFunction } from 'i18next';

/**
 * A dataset job's message (or an append's refusal) in the reader's language. The server writes English: an
 * append whose columns differ names them ("Missing columns: x, y; unexpected columns: z", analytics'
 * columnsMismatchMessage), which is rebuilt here from its parts; other messages are translated by their code in the
 * shared list (`serverText`), shown as sent when they have none.
 */
const MISMATCH = /^(?:Missing columns: (.+?))?(?:(?:^|; )[Uu]nexpected columns: (.+))?$/;

export function jobMessageText(message: string, t: TFunction, serverText: (message: string) => string): string {
  const match = MISMATCH.exec(message);
  if (match && (match[1] || match[2])) {
    const parts: string[] = [];
    if (match[1]) parts.push(t('history.missingColumns', { columns: match[1] }));
    if (match[2])
      parts.push(
        t(parts.length ? 'history.unexpectedColumnsAfter' : 'history.unexpectedColumns', { columns: match[2] }),
      );
    return parts.join(t('history.partsSeparator'));
  }
  return serverText(message);
}

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
