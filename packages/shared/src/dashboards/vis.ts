import { z } from 'zod';
import { ID_PATTERN } from '../http/ids.ts';
import { GRADIENT_DEFAULTS } from './colors.ts';
import { type CustomSubtype, DASHBOARD_LIMITS, type UnitType } from './constants.ts';

/**
 * A card's vis: what it maps and how it draws (chart, KPI, table and custom vis). Its exact shape
 * belongs to the query and mapping issues, which validate it strictly where they read it; here it is checked
 * loosely so that they can extend it without a migration: a JSON object of bounded size and depth.
 */
export type Vis = Record<string, unknown>;

/** Depth of nested objects and arrays, counted without recursion (a hostile body cannot blow the stack). */
export function jsonDepth(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    max = Math.max(max, depth + 1);
    if (max > DASHBOARD_LIMITS.visMaxDepth) return max;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return max;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

export const visSchema = z.record(z.string(), z.unknown()).superRefine((v, ctx) => {
  // Depth first: measuring the size of a too-deep value would itself overflow the stack.
  if (jsonDepth(v) > DASHBOARD_LIMITS.visMaxDepth) {
    ctx.addIssue({
      code: 'custom',
      message: `The card's settings are nested too deeply (at most ${DASHBOARD_LIMITS.visMaxDepth} levels)`,
    });
  } else if (byteLength(JSON.stringify(v)) > DASHBOARD_LIMITS.visMaxBytes) {
    ctx.addIssue({
      code: 'custom',
      message: `The card's settings are too large (at most ${DASHBOARD_LIMITS.visMaxBytes / 1000} kB)`,
    });
  }
});

/** Default new chart: an area chart with every bucket empty. */
export function defaultChartVis(): Vis {
  return {
    chartType: 'area',
    independent: [],
    dependent: [],
    otherDimensions: [],
    gradientDimension: [],
    groupBy: [],
    orderBy: [],
    filters: [],
    tooltip: { series: [] },
    display: {},
    colors: { series: {}, groups: {}, gradients: { ...GRADIENT_DEFAULTS }, features: {} },
  };
}

/** The vis a card starts from once its type is chosen in the chooser (or the Beta Card Types item). */
export function defaultVis(type: UnitType, subtype?: CustomSubtype | null): Vis {
  switch (type) {
    case 'chart':
      return defaultChartVis();
    case 'kpi':
      return { kpi: [], filters: [] };
    case 'table':
      return { table: [], filters: [] };
    case 'custom':
      return { subtype: subtype ?? null, filters: [] };
  }
}

/**
 * Every feature reference in a vis (`feature: {_id, dataset: {_id}}`, the spec's Feature shape, which the mapping
 * editor stores in buckets, KPI lists and table columns), in document order. Walked without recursion: a hostile
 * vis cannot blow the stack.
 */
export function visFeatureRefs(vis: unknown): Array<{ featureId?: string; datasetId?: string }> {
  const found: Array<{ featureId?: string; datasetId?: string }> = [];
  const field = (v: unknown, key: string) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[key] : undefined;
  const stack: unknown[] = [vis];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    const feature = field(v, 'feature');
    const featureId = field(feature, '_id');
    const datasetId = field(field(feature, 'dataset'), '_id');
    if (typeof featureId === 'string' || typeof datasetId === 'string') {
      found.push({
        ...(typeof featureId === 'string' ? { featureId } : {}),
        ...(typeof datasetId === 'string' ? { datasetId } : {}),
      });
    }
    stack.push(...Object.values(v).reverse());
  }
  return found;
}

/** The feature ids a vis maps, in document order (repeats kept). */
export function visFeatureIds(vis: unknown): string[] {
  return visFeatureRefs(vis).flatMap((r) => (r.featureId ? [r.featureId] : []));
}

/** The datasets a vis draws on; the data app card's source count is their number over a dashboard's cards. */
export function visDatasetIds(vis: unknown): string[] {
  const ids = visFeatureRefs(vis).flatMap((r) => (r.datasetId && ID_PATTERN.test(r.datasetId) ? [r.datasetId] : []));
  return [...new Set(ids)].sort();
}
