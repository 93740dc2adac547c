import { Button, Group, Loader, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { type FeatureType, type FilterOperation, isFilterValid } from '@tessera/shared';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryFields } from './CategoryFields.tsx';
import { type FilterDraft, menuOperations, withOperation } from './filterDraft.ts';
import { NumberFields } from './NumberFields.tsx';
import { TextFields } from './TextFields.tsx';
import type { FilterLevel } from './useFilterActions.ts';

/** The calendar and time inputs (@mantine/dates) load when a date or time filter is opened, not with the page. */
const DateFields = lazy(() => import('./DateFields.tsx').then((m) => ({ default: m.DateFields })));
const TimeFields = lazy(() => import('./TimeFields.tsx').then((m) => ({ default: m.TimeFields })));

interface Props {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  featureName: string;
  /** The feature's type when known (the filter must fit it to be valid). */
  featureType?: FeatureType;
  /** The feature's smallest and largest values: the number fields' placeholders, where the calendar opens. */
  stats?: { min: unknown; max: unknown };
  /** Where categories are read (null on the public page). */
  projectId: string | null;
  /** Editors choose where a new filter applies; absent otherwise. */
  level?: { value: FilterLevel; onChange: (level: FilterLevel) => void; tabAvailable: boolean };
  onDone: () => void;
}

/**
 * One filter's menu: the operation, then the fields of the
 * filter's type. Empty and not-empty need nothing more. The menu says when the filter is incomplete: closing
 * it then drops the filter.
 */
export function FilterMenu({ draft, onChange, featureName, featureType, stats, projectId, level, onDone }: Props) {
  const { t } = useTranslation('filters');
  const valueless = draft.operation === 'empty' || draft.operation === 'not-empty';
  const valid = isFilterValid(draft, featureType);

  return (
    <Stack gap="sm" w={300} data-testid="filter-menu">
      <Text fw={600} size="sm" truncate>
        {t('menu.title', { name: featureName })}
      </Text>
      <Select
        label={t('menu.operation')}
        data={menuOperations(draft).map((op) => ({ value: op, label: t(`operations.${op}`) }))}
        value={draft.operation}
        allowDeselect={false}
        onChange={(op) => op && onChange(withOperation(draft, op as FilterOperation))}
        comboboxProps={{ withinPortal: false }}
      />
      {!valueless && (
        <Suspense fallback={<Loader size="sm" />}>
          <Fields draft={draft} onChange={onChange} projectId={projectId} stats={stats} />
        </Suspense>
      )}
      {level?.tabAvailable && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('level.label')}
          </Text>
          <SegmentedControl
            size="xs"
            value={level.value}
            onChange={(value) => level.onChange(value as FilterLevel)}
            data={[
              { value: 'dashboard', label: t('level.dashboard') },
              { value: 'tab', label: t('level.tab') },
            ]}
          />
        </Stack>
      )}
      {!valid && (
        <Text size="xs" c="dimmed">
          {t('menu.incomplete')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button size="xs" onClick={onDone}>
          {t('menu.done')}
        </Button>
      </Group>
    </Stack>
  );
}

function Fields({ draft, onChange, projectId, stats }: Pick<Props, 'draft' | 'onChange' | 'projectId' | 'stats'>) {
  switch (draft.type) {
    case 'value':
    case 'range':
      return <NumberFields draft={draft} onChange={onChange} stats={stats} />;
    case 'date':
      return <DateFields draft={draft} onChange={onChange} stats={stats} />;
    case 'category':
      return <CategoryFields draft={draft} onChange={onChange} projectId={projectId} />;
    case 'text':
      return <TextFields draft={draft} onChange={onChange} />;
    case 'time':
      return <TimeFields draft={draft} onChange={onChange} />;
  }
}
