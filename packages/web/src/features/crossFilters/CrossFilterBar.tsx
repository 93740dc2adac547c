import { ActionIcon, Button, Group } from '@mantine/core';
import { IconClick, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CrossFilterEntry } from './crossFilterEntries.ts';
import { useCrossFilters } from './useCrossFilters.ts';

/**
 * The tab's cross-filters as chips of their own beside the filters ("Weather is rain — from Rain by month"), each
 * removable, and Clear all (docs/cross-filters.md). Nothing shows while there is none.
 */
export function CrossFilterBar({ dashboardId }: { dashboardId: string }) {
  const { t } = useTranslation('filters');
  const { tabId } = useParams();
  const cross = useCrossFilters(dashboardId, tabId);
  if (!cross.entries.length) return null;
  return (
    <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('cross.label')} data-testid="cross-filter-bar">
      <IconClick size={18} aria-hidden style={{ opacity: 0.7 }} />
      {cross.entries.map((entry) => {
        const label = chipText(t, entry);
        return (
          <Group
            key={`${entry.unitId}-${entry.filter.featureId}`}
            gap={0}
            wrap="nowrap"
            data-testid="cross-filter-chip"
          >
            <Button size="xs" variant="light" color="grape" radius="xl" style={{ cursor: 'default' }}>
              {label}
            </Button>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="grape"
              aria-label={t('cross.remove', { name: label })}
              onClick={() => cross.remove(entry)}
            >
              <IconX size={14} />
            </ActionIcon>
          </Group>
        );
      })}
      <Button size="xs" variant="subtle" color="grape" onClick={cross.clear}>
        {t('cross.clearAll')}
      </Button>
    </Group>
  );
}

/** A cross-filter's words: "weather is rain — from Days by weather". */
export function chipText(
  t: (key: string, options?: Record<string, unknown>) => string,
  entry: CrossFilterEntry,
): string {
  const values = entry.labels.map((label) => label || t('cross.noValue')).join(t('cross.or'));
  return t('cross.chip', { feature: entry.feature, values, card: entry.card });
}
