import { Popover, UnstyledButton } from '@mantine/core';
import { type DashboardFilter, isFilterValid, type MappingFeature } from '@tessera/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FilterDraft, FilterMenu, withOperation } from '../filters/index.ts';

interface Props {
  filter: DashboardFilter;
  /** The filtered feature (undefined once it is gone: the menu does not open). */
  feature: MappingFeature | undefined;
  /** Where the category menu reads the feature's categories. */
  projectId: string;
  /** The chip's face. */
  children: ReactNode;
  /** The text the chip's face shows ("revenue > 12"): its accessible name holds it (label in name). */
  shownText: string;
  /** Opens at once (a filter just dropped on the bucket). */
  defaultOpened?: boolean;
  onChange: (next: DashboardFilter) => void;
  onRemove: () => void;
}

/** The draft a menu opens with: a filter dropped without a value gets its operation's empty value. */
function draftOf(filter: DashboardFilter): FilterDraft {
  const { valid: _valid, ...rest } = filter;
  return rest.value === undefined ? withOperation(rest, rest.operation) : rest;
}

/**
 * A card filter's chip in the Filters bucket: a click opens the filters' own menu (operation and value for the
 * filter's type). When the menu closes a complete filter is kept, an incomplete one is dropped
 * ("Invalid filters are dropped (or not added) when the menu closes").
 */
export function FilterChipEditor({
  filter,
  feature,
  projectId,
  shownText,
  children,
  defaultOpened,
  onChange,
  onRemove,
}: Props) {
  const { t } = useTranslation('mapping');
  const [draft, setDraft] = useState<FilterDraft | null>(() => (defaultOpened && feature ? draftOf(filter) : null));
  const close = () => {
    if (!draft) return;
    setDraft(null);
    if (!isFilterValid(draft, feature?.type)) onRemove();
    else onChange(draft);
  };
  return (
    <Popover opened={draft !== null} onDismiss={close} position="bottom-start" shadow="md" trapFocus withinPortal>
      <Popover.Target>
        <UnstyledButton
          aria-label={t('chips.editFilter', { filter: shownText })}
          style={{ minWidth: 0, flex: 1 }}
          onClick={() => (draft ? close() : feature && setDraft(draftOf(filter)))}
        >
          {children}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        {draft && feature && (
          <FilterMenu
            draft={draft}
            onChange={setDraft}
            featureName={feature.name}
            featureType={feature.type}
            projectId={projectId}
            onDone={close}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
