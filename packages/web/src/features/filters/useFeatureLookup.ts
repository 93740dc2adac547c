import { useQueryClient } from '@tanstack/react-query';
import { type DashboardFilter, type Feature, filterFitsFeature, type PublicFeature } from '@tessera/shared';
import { useCallback, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { dashboardKeys } from '../../api/dashboards.ts';
import { cachedPublicLoad, useDashboardFeatures, useProjectFeatures } from '../../api/filters.ts';
import { placeProjectId, useDashboardMode } from '../canvas/index.ts';
import { useCachedDashboardView } from './useActiveFilters.ts';
import { useReadsDatasets } from './useReadsDatasets.ts';

/**
 * The feature of each filter and its state: 'loading...' while the
 * project's features load, 'invalid filter' when they could not be read, 'feature not found' when the feature
 * is gone, 'invalid feature type' when the filter no longer fits its type. On the public and preview pages the
 * features come with the dashboard (its public `features`: those its filters use and its cards map); a filter
 * on a feature outside that list shows without a feature name ('public'). Members without the dataset role read
 * the same list from the dashboard's used features (never the project's, which they may not read).
 */
export type LookupFeature = PublicFeature & Partial<Pick<Feature, 'stats' | 'hidden'>>;

export type FeatureState =
  | { state: 'ok'; feature: LookupFeature }
  | { state: 'loading' | 'invalidFilter' | 'notFound' | 'public' }
  | { state: 'invalidType'; feature: LookupFeature };

const stateOf = (filter: Pick<DashboardFilter, 'type'>, feature: LookupFeature): FeatureState =>
  filterFitsFeature(filter.type, feature.type) ? { state: 'ok', feature } : { state: 'invalidType', feature };

/**
 * `dashboardId` defaults to the route's: the public page finds its dashboard's features in the query cache.
 * `publicFeatures` is the list a visitor may add filters on (undefined inside a project).
 */
export function useFeatureLookup(dashboardId?: string) {
  const { place } = useDashboardMode();
  // A version's preview is inside its project: its filters name the project's features.
  const projectId = place.kind === 'version' ? place.projectId : placeProjectId(place);
  const params = useParams();
  const id = dashboardId ?? params.dashboardId ?? '';
  // Follows the cached dashboard, so that a reload of the public answer (new features) is seen.
  const view = useCachedDashboardView(id);
  const client = useQueryClient();
  const publicFeatures: LookupFeature[] | undefined =
    projectId === null && view ? cachedPublicLoad(client, id)?.features : undefined;
  const readsDatasets = useReadsDatasets();
  const features = useProjectFeatures(projectId, readsDatasets);
  // A dashboard viewer without the dataset role reads the features the dashboard uses (its filters' and cards').
  const used = useDashboardFeatures(projectId, id, !readsDatasets);
  const lookup = useCallback(
    (filter: Pick<DashboardFilter, 'type' | 'feature'>): FeatureState => {
      if (projectId === null || !readsDatasets) {
        const listed = projectId === null ? publicFeatures : used.data;
        if (projectId !== null && !listed) return used.isError ? { state: 'invalidFilter' } : { state: 'loading' };
        const feature = listed?.find((candidate) => candidate._id === filter.feature.id);
        return feature ? stateOf(filter, feature) : { state: 'public' };
      }
      if (features.isError) return { state: 'invalidFilter' };
      if (!features.data) return { state: 'loading' };
      const feature = features.data.find((candidate) => candidate._id === filter.feature.id);
      return feature ? stateOf(filter, feature) : { state: 'notFound' };
    },
    [projectId, publicFeatures, readsDatasets, used.data, used.isError, features.isError, features.data],
  );
  // The features offered without choosing a dataset: the public list, or the used ones of a dashboard-only reader.
  const listed = projectId === null ? publicFeatures : !readsDatasets ? (used.data ?? []) : undefined;
  return { lookup, projectId, features: features.data, featuresFailed: features.isError, publicFeatures: listed };
}

/**
 * On the public page, the saved filters and the cards follow the live channel but the dashboard's `features`
 * (those its filters use and its cards map) come with its load: when a saved filter or a card names a feature
 * the list lacks (an editor just added the filter, or mapped the feature on a card), the public dashboard is
 * asked again, once per set of missing ids (a feature the server does not reveal stays missing).
 */
export function useFreshPublicFeatures(
  dashboardId: string,
  featureIds: readonly string[],
  publicFeatures: readonly LookupFeature[] | undefined,
) {
  const client = useQueryClient();
  const asked = useRef(new Set<string>());
  const missing = publicFeatures
    ? [...new Set(featureIds)]
        .filter((id) => !publicFeatures.some((feature) => feature._id === id))
        .sort()
        .join(',')
    : '';
  useEffect(() => {
    if (!missing || asked.current.has(missing)) return;
    asked.current.add(missing);
    void client.invalidateQueries({ queryKey: dashboardKeys.publicDetail(dashboardId, null).slice(0, 2) });
  }, [client, dashboardId, missing]);
}
