/**
 * The card mapping editor (buckets, chart settings, live preview) under
 * /projects/{projectId}/units/{unitId}/mapping.
 */

export { MappingRoute } from './MappingRoute.tsx';
