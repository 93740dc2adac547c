import { useQueries } from '@tanstack/react-query';
import { api, type DatasetDetail, type MappingFeature } from '@tessera/shared';
import { useMemo } from 'react';
import { call } from '../../api/client.ts';
import { datasetKeys, useDatasets } from '../../api/datasets.ts';

/**
 * The project's imported datasets with their visible features, for the mapping screen's side list, and a lookup
 * of every feature by id (what a mapped series' chip shows: its name and type). Uses the datasets area's query
 * keys, so the live channel's dataset events refresh it too.
 */

export interface FeatureCatalog {
  datasets: DatasetDetail[];
  byId: Map<string, MappingFeature>;
  loading: boolean;
  failed: boolean;
}

export const toMappingFeature = (feature: DatasetDetail['features'][number]): MappingFeature => ({
  _id: feature._id,
  name: feature.name,
  type: feature.type,
  precision: feature.precision,
  dataset: { _id: feature.dataset._id },
});

export function useProjectFeatures(projectId: string): FeatureCatalog {
  const list = useDatasets(projectId);
  const imported = (list.data ?? []).filter((d) => d.imported);
  const details = useQueries({
    queries: imported.map((dataset) => ({
      queryKey: datasetKeys.detail(projectId, dataset._id),
      queryFn: () => call(api.getDataset, { params: { id: dataset._id } }),
    })),
  });
  const loaded = details.map((d) => d.data).filter((d): d is DatasetDetail => d !== undefined);
  const key = loaded.map((d) => `${d._id}:${d.lastUpdated}:${d.features.length}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt when a dataset or its features change (key)
  return useMemo(() => {
    const datasets = loaded
      .map((d) => ({ ...d, features: d.features.filter((f) => !f.hidden).sort((a, b) => a.listIndex - b.listIndex) }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const byId = new Map<string, MappingFeature>();
    for (const dataset of datasets) for (const f of dataset.features) byId.set(f._id, toMappingFeature(f));
    return {
      datasets,
      byId,
      loading: list.isLoading || details.some((d) => d.isLoading),
      failed: list.isError,
    };
  }, [key, list.isLoading, list.isError, details.some((d) => d.isLoading)]);
}

/** Case-insensitive search over dataset and feature names: a dataset whose name matches shows all its features. */
export function searchDatasets(datasets: DatasetDetail[], search: string): DatasetDetail[] {
  const q = search.trim().toLowerCase();
  if (!q) return datasets;
  return datasets
    .map((d) =>
      d.name.toLowerCase().includes(q)
        ? d
        : { ...d, features: d.features.filter((f) => f.name.toLowerCase().includes(q)) },
    )
    .filter((d) => d.features.length > 0);
}
