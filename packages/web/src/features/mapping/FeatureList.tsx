import { Accordion, Group, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch, IconTable } from '@tabler/icons-react';
import { FEATURE_SKELETON_ITEMS, type MappingFeature } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureItem } from './FeatureItem.tsx';
import type { BucketChoice } from './useBucketChoices.ts';
import { type FeatureCatalog, searchDatasets, toMappingFeature } from './useProjectFeatures.ts';

interface Props {
  catalog: FeatureCatalog;
  choicesFor: (feature: MappingFeature) => BucketChoice[];
  onAdd: (feature: MappingFeature, choice: BucketChoice) => void;
}

/** The side list: the project's datasets and their features, with a search over both. */
/** The placeholders' keys while the features load. */
const SKELETON_KEYS = Array.from({ length: FEATURE_SKELETON_ITEMS }, (_, i) => `placeholder-${i}`);

export function FeatureList({ catalog, choicesFor, onAdd }: Props) {
  const { t } = useTranslation('mapping');
  const [search, setSearch] = useState('');
  const datasets = searchDatasets(catalog.datasets, search);
  const [opened, setOpened] = useState<string[] | null>(null);
  // Every dataset is open until the user closes one; a search opens all that match.
  const open = search.trim() || opened === null ? datasets.map((d) => d._id) : opened;

  return (
    <Stack gap="xs" h="100%" miw={0}>
      <Text fw={600} size="sm">
        {t('features.title')}
      </Text>
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t('features.search')}
        aria-label={t('features.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <ScrollArea flex={1} type="auto" offsetScrollbars>
        {catalog.loading && catalog.datasets.length === 0 ? (
          <Stack gap={6} role="status" aria-label={t('features.loading')} data-testid="feature-skeleton">
            {SKELETON_KEYS.map((key) => (
              <Skeleton key={key} height={22} radius="sm" />
            ))}
          </Stack>
        ) : datasets.length === 0 ? (
          <Text size="sm" c="dimmed">
            {catalog.datasets.length === 0 ? t('features.none') : t('features.noMatch')}
          </Text>
        ) : (
          <Accordion multiple value={open} onChange={setOpened} variant="default" chevronPosition="left">
            {datasets.map((dataset) => (
              <Accordion.Item key={dataset._id} value={dataset._id}>
                <Accordion.Control px={4}>
                  <Group gap={6} wrap="nowrap">
                    <IconTable size={14} />
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {dataset.name}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap={0}>
                    {dataset.features.map((f) => {
                      const feature = toMappingFeature(f);
                      return (
                        <FeatureItem
                          key={f._id}
                          feature={feature}
                          choices={choicesFor(feature)}
                          onAdd={(choice) => onAdd(feature, choice)}
                        />
                      );
                    })}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </ScrollArea>
    </Stack>
  );
}
