import { ActionIcon, Tooltip } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { type DashboardFilter, summarizeFilters, type Unit } from '@tessera/shared';
import { useTranslation } from 'react-i18next';
import { useFeatureLookup } from './useFeatureLookup.ts';
import { useSummaryWords } from './useSummaryWords.ts';

interface Props {
  unit: Pick<Unit, '_id'>;
  /** The filters in force on the card (useActiveFilters). */
  filters: readonly DashboardFilter[];
}

/**
 * The card header's filter icon ("filter icon whose tooltip lists active filters"): shown
 * when filters apply; its tooltip gives their summary (40 characters then "and N more"). Nothing
 * when no filter applies.
 */
export function CardFilterIcon({ unit, filters }: Props) {
  const { t } = useTranslation('filters');
  const words = useSummaryWords();
  const { lookup } = useFeatureLookup();
  if (filters.length === 0) return null;
  const nameOf = (featureId: string) => {
    const state = lookup({ type: 'text', feature: { id: featureId } });
    return 'feature' in state ? state.feature.name : t('summary.unknownFeature');
  };
  const summary = summarizeFilters(filters, nameOf, words);

  return (
    <Tooltip openDelay={500} multiline maw={320} label={summary}>
      <ActionIcon
        variant="subtle"
        size="sm"
        color="gray"
        aria-label={`${t('card.icon')}: ${summary}`}
        data-testid={`card-filter-icon-${unit._id}`}
      >
        <IconFilter size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
