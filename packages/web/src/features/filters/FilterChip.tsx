import { ActionIcon, Button, Group, Popover, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { type DashboardFilter, describeFilter, isFilterValid } from '@tessera/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterMenu } from './FilterMenu.tsx';
import { changed, type FilterDraft } from './filterDraft.ts';
import { focusAfterChip, refocusAfterClose } from './filterFocus.ts';
import type { FeatureState } from './useFeatureLookup.ts';
import type { FilterActions, FilterLevel } from './useFilterActions.ts';
import { useSummaryWords } from './useSummaryWords.ts';

interface Props {
  filter: DashboardFilter;
  /** Tab-level filters are told apart from the dashboard's (every tab) by their colour and title. */
  level: FilterLevel;
  feature: FeatureState;
  actions: FilterActions;
  projectId: string | null;
}

/** The state words shown in place of a filter's text. */
const STATE_KEY = {
  loading: 'state.loading',
  invalidFilter: 'state.invalidFilter',
  notFound: 'state.notFound',
  invalidType: 'state.invalidType',
} as const;

/**
 * One filter in the bar: its summary (or its feature's state), a click opens its menu, the cross removes it.
 * When the menu closes an invalid filter is dropped, a changed valid one is saved. The focus goes back to the
 * chip when its menu closes, and to the next chip (or Add filter) when the chip goes away (filterFocus.ts).
 */
export function FilterChip({ filter, level, feature, actions, projectId }: Props) {
  const { t } = useTranslation('filters');
  const words = useSummaryWords();
  const [draft, setDraft] = useState<FilterDraft | null>(null);
  const name = 'feature' in feature ? feature.feature.name : t('summary.unknownFeature');
  const featureType = feature.state === 'ok' ? feature.feature.type : undefined;
  const problem = feature.state in STATE_KEY ? STATE_KEY[feature.state as keyof typeof STATE_KEY] : null;
  const label = problem ? `${name}: ${t(problem)}` : describeFilter(filter, name, words);
  // The menu opens on a filter whose feature is known (or on the public page, where none is).
  const editable = feature.state === 'ok' || feature.state === 'public';
  const color = problem ? 'red' : level === 'tab' ? 'teal' : undefined;

  const chip = useRef<HTMLDivElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const remove = () => {
    focusAfterChip(chip.current);
    actions.remove(filter._id);
  };

  const close = () => {
    if (!draft) return;
    setDraft(null);
    if (!isFilterValid(draft, featureType)) {
      remove();
      return;
    }
    if (changed(draft, filter)) actions.update(draft);
    refocusAfterClose(editButton.current);
  };

  return (
    <Popover opened={draft !== null} onDismiss={close} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <Group ref={chip} gap={0} wrap="nowrap" data-testid="filter-chip" title={t(`level.${level}`)}>
          <Button
            ref={editButton}
            size="xs"
            variant="light"
            color={color}
            radius="xl"
            maw={320}
            style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
            onClick={() => (draft ? close() : editable && setDraft(filter))}
            aria-label={t('bar.edit', { name: label })}
          >
            <Text size="xs" truncate>
              {label}
            </Text>
          </Button>
          <ActionIcon
            size={30}
            variant="light"
            color={color}
            radius="xl"
            style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
            onClick={remove}
            aria-label={t('bar.remove', { name: label })}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      </Popover.Target>
      <Popover.Dropdown>
        {draft && (
          <FilterMenu
            draft={draft}
            onChange={setDraft}
            featureName={name}
            featureType={featureType}
            stats={feature.state === 'ok' ? feature.feature.stats : undefined}
            projectId={projectId}
            onDone={close}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
