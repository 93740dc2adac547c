import { DURATION_UNITS, FILTER_OPERATIONS, type FilterSummaryWords } from '@tessera/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The filter summary's words in the user's language (shared filterSummary does the rest). */
export function useSummaryWords(): FilterSummaryWords {
  const { t } = useTranslation('filters');
  return useMemo(
    () => ({
      operations: Object.fromEntries(
        FILTER_OPERATIONS.map((op) => [op, t(`summary.operations.${op}`)]),
      ) as FilterSummaryWords['operations'],
      range: (from, to) => t('summary.range', { from, to }),
      weekdays: t('weekdays', { returnObjects: true }) as unknown as string[],
      months: t('months', { returnObjects: true }) as unknown as string[],
      units: Object.fromEntries(DURATION_UNITS.map((u) => [u, t(`units.${u}`)])) as FilterSummaryWords['units'],
      separator: t('summary.separator'),
      andMore: (count) => t('summary.andMore', { count }),
    }),
    [t],
  );
}
