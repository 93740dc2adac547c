import { Checkbox, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { categoryList } from '@tessera/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useFeatureCategories } from '../../api/filters.ts';
import type { FilterDraft } from './filterDraft.ts';
import { TextFields } from './TextFields.tsx';
import { useReadsDatasets } from './useReadsDatasets.ts';

/** The category list shows a search box in its header over this many items. */
export const CATEGORY_SEARCH_OVER = 10;

interface Props {
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  /**
   * Where the feature's categories are read; null on the public and preview pages, where the public dashboard
   * of the route answers them for its listed features (for others only the chosen ones are listed).
   */
  projectId: string | null;
}

/**
 * A category filter's fields: for equal / not-equal, the feature's categories to tick (most
 * frequent first, with a search box over 10 items); for contains / begins-with / ends-with, a text.
 */
export function CategoryFields({ draft, onChange, projectId }: Props) {
  if (draft.operation !== 'equal' && draft.operation !== 'not-equal') {
    return <TextFields draft={draft} onChange={onChange} />;
  }
  return <CategoryList draft={draft} onChange={onChange} projectId={projectId} />;
}

function CategoryList({ draft, onChange, projectId }: Props) {
  const { t } = useTranslation('filters');
  const [search, setSearch] = useState('');
  const { dashboardId } = useParams();
  const readsDatasets = useReadsDatasets();
  const categories = useFeatureCategories(projectId, draft.feature.id, dashboardId, readsDatasets);
  const chosen = categoryList(draft).map(String);

  const items = useMemo(() => {
    const known = (categories.data ?? []).map((c) => String(c.value ?? '')).filter((v) => v !== '');
    // Chosen categories stay listed even when the feature's list lacks them (public page, new data).
    return [...known, ...chosen.filter((c) => !known.includes(c))];
  }, [categories.data, chosen]);
  const needle = search.trim().toLowerCase();
  const shown = needle ? items.filter((item) => item.toLowerCase().includes(needle)) : items;

  if (categories.isLoading) return <Loader size="sm" aria-label={t('add.loading')} />;
  return (
    <Stack gap="xs">
      {items.length > CATEGORY_SEARCH_OVER && (
        <TextInput
          aria-label={t('menu.search')}
          placeholder={t('menu.search')}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
      )}
      {categories.isError && (
        <Text size="sm" c="red">
          {t('menu.categoriesFailed')}
        </Text>
      )}
      {items.length === 0 && !categories.isError ? (
        <Text size="sm" c="dimmed">
          {t('menu.noCategories')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={240} type="auto">
          <Checkbox.Group value={chosen} onChange={(values) => onChange({ ...draft, value: keepOrder(items, values) })}>
            <Stack gap={6} py={2}>
              {shown.map((item) => (
                <Checkbox key={item} value={item} label={item} size="sm" />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/** The chosen categories in the list's order (searching hides others but keeps them chosen). */
function keepOrder(items: string[], values: string[]): string[] {
  const set = new Set(values);
  return items.filter((item) => set.has(item));
}
