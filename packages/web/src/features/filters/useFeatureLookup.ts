import { type DataAppFilter, type Feature, filterFitsFeature } from '@tessera/shared';
import { useCallback } from 'react';
import { ApiError } from '../../api/client.ts';
import { useProjectFeatures } from '../../api/filters.ts';
import { placeProjectId, useDashboardMode } from '../dataApps/dashboard/dashboardMode.tsx';

/**
 * The feature of each filter and its state (spec 2 §8 "Feature filter states"): 'loading...' while the
 * project's features load, 'invalid filter' when they could not be read, 'feature not found' when the feature
 * is gone, 'invalid feature type' when the filter no longer fits its type. Public visitors (and members
 * without the dataset role) may not read features: their filters show without a feature name ('public').
 */
export type FeatureState =
  | { state: 'ok'; feature: Feature }
  | { state: 'loading' | 'invalidFilter' | 'notFound' | 'public' }
  | { state: 'invalidType'; feature: Feature };

export function useFeatureLookup() {
  const { place } = useDashboardMode();
  const projectId = placeProjectId(place);
  const features = useProjectFeatures(projectId);
  // A dashboard viewer without the dataset role may not read features: like a public visitor, they see and
  // change their filters without the features' names (not an error of the filters).
  const forbidden =
    features.error instanceof ApiError && (features.error.status === 401 || features.error.status === 403);
  const lookup = useCallback(
    (filter: Pick<DataAppFilter, 'type' | 'feature'>): FeatureState => {
      if (projectId === null || forbidden) return { state: 'public' };
      if (features.isError) return { state: 'invalidFilter' };
      if (!features.data) return { state: 'loading' };
      const feature = features.data.find((candidate) => candidate._id === filter.feature.id);
      if (!feature) return { state: 'notFound' };
      return filterFitsFeature(filter.type, feature.type)
        ? { state: 'ok', feature }
        : { state: 'invalidType', feature };
    },
    [projectId, forbidden, features.isError, features.data],
  );
  return { lookup, projectId, features: features.data, featuresFailed: features.isError };
}
