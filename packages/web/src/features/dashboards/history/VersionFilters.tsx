import { Badge, Group, Text } from '@mantine/core';
import { type DashboardFilter, describeFilter } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useFeatureLookup, useSummaryWords } from '../../filters/index.ts';

interface Props {
  dashboardId: string;
  /** The filters a version had saved: the app's, or one tab's. */
  filters: DashboardFilter[];
  level: 'dashboard' | 'tab';
}

/** A version's saved filters, read-only, in words (its cards were computed under them). */
export function VersionFilters({ dashboardId, filters, level }: Props) {
  const { t } = useTranslation('dashboards');
  const filterTexts = useTranslation('filters').t;
  const words = useSummaryWords();
  const { lookup } = useFeatureLookup(dashboardId);
  if (filters.length === 0) return null;
  const label = level === 'tab' ? t('history.tabFilters') : t('history.appFilters');
  return (
    <Group gap="xs" wrap="wrap" role="list" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {filters.map((filter) => {
        const feature = lookup(filter);
        const name = 'feature' in feature ? feature.feature.name : filterTexts('summary.unknownFeature');
        return (
          <Badge key={filter._id} role="listitem" variant="light" color={level === 'tab' ? 'teal' : 'blue'} tt="none">
            {describeFilter(filter, name, words)}
          </Badge>
        );
      })}
    </Group>
  );
}
