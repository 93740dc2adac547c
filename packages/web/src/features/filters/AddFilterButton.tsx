import { Button, Popover, Select, Stack } from '@mantine/core';
import { IconFilterPlus } from '@tabler/icons-react';
import { type Feature, isFilterValid } from '@tessera/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectDatasets } from '../../api/dashboards.ts';
import { useDatasetFeatures } from '../../api/filters.ts';
import { FilterMenu } from './FilterMenu.tsx';
import { type FilterDraft, newDraft } from './filterDraft.ts';
import type { FilterActions, FilterLevel } from './useFilterActions.ts';

interface Props {
  projectId: string;
  actions: FilterActions;
  /** The selected tab, where editors may put a tab-level filter. */
  tabId: string | null;
}

const inside = { withinPortal: false } as const;

/**
 * Add Filter: choose a feature of one of the project's imported datasets, then fill its menu. Closing the
 * menu adds the filter only when it is valid (spec 2 §5 "Invalid filters are dropped (or not added)").
 */
export function AddFilterButton({ projectId, actions, tabId }: Props) {
  const { t } = useTranslation('filters');
  const [opened, setOpened] = useState(false);
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [feature, setFeature] = useState<Feature | null>(null);
  const [draft, setDraft] = useState<FilterDraft | null>(null);
  const [level, setLevel] = useState<FilterLevel>('dashboard');
  const datasets = useProjectDatasets(projectId, opened);
  const features = useDatasetFeatures(projectId, opened ? datasetId : null);
  const imported = (datasets.data ?? []).filter((dataset) => dataset.imported);

  const reset = () => {
    setDatasetId(null);
    setFeature(null);
    setDraft(null);
  };
  const close = () => {
    setOpened(false);
    if (draft && feature && isFilterValid(draft, feature.type)) actions.add(level, draft);
    reset();
  };
  const chooseFeature = (id: string | null) => {
    const chosen = features.data?.find((candidate) => candidate._id === id) ?? null;
    setFeature(chosen);
    setDraft(chosen ? newDraft(chosen._id, chosen.type) : null);
  };

  return (
    <Popover opened={opened} onDismiss={close} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFilterPlus size={16} />}
          onClick={() => (opened ? close() : setOpened(true))}
        >
          {t('bar.addFilter')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" w={300}>
          <Select
            label={t('add.dataset')}
            placeholder={datasets.isPending ? t('add.loading') : t('add.chooseDataset')}
            nothingFoundMessage={t('add.noDatasets')}
            data={imported.map((dataset) => ({ value: dataset._id, label: dataset.name }))}
            value={datasetId}
            onChange={(id) => {
              reset();
              setDatasetId(id);
            }}
            searchable
            comboboxProps={inside}
          />
          {datasetId && (
            <Select
              label={t('add.feature')}
              placeholder={features.isPending ? t('add.loading') : t('add.chooseFeature')}
              data={(features.data ?? [])
                .filter((candidate) => !candidate.hidden)
                .map((candidate) => ({ value: candidate._id, label: candidate.name }))}
              value={feature?._id ?? null}
              onChange={chooseFeature}
              searchable
              comboboxProps={inside}
            />
          )}
          {draft && feature && (
            <FilterMenu
              key={feature._id}
              draft={draft}
              onChange={setDraft}
              featureName={feature.name}
              featureType={feature.type}
              stats={feature.stats}
              projectId={projectId}
              level={actions.saves ? { value: level, onChange: setLevel, tabAvailable: tabId !== null } : undefined}
              onDone={close}
            />
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
