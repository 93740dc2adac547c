import { Button, Popover, Select, Stack } from '@mantine/core';
import { IconFilterPlus } from '@tabler/icons-react';
import { isFilterValid } from '@tessera/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectDatasets } from '../../api/dashboards.ts';
import { useDatasetFeatures } from '../../api/filters.ts';
import { FilterMenu } from './FilterMenu.tsx';
import { type FilterDraft, newDraft } from './filterDraft.ts';
import { refocusAfterClose } from './filterFocus.ts';
import type { LookupFeature } from './useFeatureLookup.ts';
import type { FilterActions, FilterLevel } from './useFilterActions.ts';

interface Props {
  /** Null on the public and preview pages. */
  projectId: string | null;
  /**
   * The dashboard's features (those its filters use and its cards map) on the public and preview pages, and for
   * a member without the dataset role: no dataset to choose. Undefined: choose a dataset, then its feature.
   */
  publicFeatures?: readonly LookupFeature[];
  actions: FilterActions;
  /** The selected tab, where editors may put a tab-level filter. */
  tabId: string | null;
}

const inside = { withinPortal: false } as const;

/**
 * Add Filter: choose a feature of one of the project's imported datasets (on the public page, one of the
 * dashboard's features), then fill its menu. Closing the menu adds the filter only when it is valid
 *.
 */
export function AddFilterButton({ projectId, publicFeatures, actions, tabId }: Props) {
  const { t } = useTranslation('filters');
  const [opened, setOpened] = useState(false);
  const [datasetId, setDatasetId] = useState<string | null>(null);
  const [feature, setFeature] = useState<LookupFeature | null>(null);
  const [draft, setDraft] = useState<FilterDraft | null>(null);
  const [level, setLevel] = useState<FilterLevel>('dashboard');
  const inProject = projectId !== null && publicFeatures === undefined;
  const datasets = useProjectDatasets(projectId ?? '', opened && inProject);
  const features = useDatasetFeatures(projectId ?? '', opened && inProject ? datasetId : null);
  const imported = (datasets.data ?? []).filter((dataset) => dataset.imported);
  const offered: readonly LookupFeature[] = inProject ? (features.data ?? []) : (publicFeatures ?? []);

  const reset = () => {
    setDatasetId(null);
    setFeature(null);
    setDraft(null);
  };
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpened(false);
    refocusAfterClose(button.current);
    if (draft && feature && isFilterValid(draft, feature.type)) actions.add(level, draft);
    reset();
  };
  const chooseFeature = (id: string | null) => {
    const chosen = offered.find((candidate) => candidate._id === id) ?? null;
    setFeature(chosen);
    setDraft(chosen ? newDraft(chosen._id, chosen.type) : null);
  };

  return (
    <Popover opened={opened} onDismiss={close} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button
          ref={button}
          data-add-filter
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
          {inProject && (
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
          )}
          {(datasetId || !inProject) && (
            <Select
              label={t('add.feature')}
              placeholder={inProject && features.isPending ? t('add.loading') : t('add.chooseFeature')}
              data={offered
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
