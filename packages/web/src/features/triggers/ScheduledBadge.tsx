import { Badge, Tooltip } from '@mantine/core';
import type { ModelRun } from '@tessera/shared';
import { useTranslation } from 'react-i18next';

/** Marks a run a scheduled run made, with the occurrence it ran for (in the viewer's own time). */
export function ScheduledBadge({ run }: { run: ModelRun }) {
  const { t, i18n } = useTranslation('triggers');
  if (!run.triggerId) return null;
  const when = run.scheduledAt ? new Date(run.scheduledAt).toLocaleString(i18n.language) : '';
  return (
    <Tooltip label={when} disabled={!when}>
      <Badge size="xs" variant="light" data-testid="scheduled-badge">
        {t('scheduledBadge')}
      </Badge>
    </Tooltip>
  );
}
