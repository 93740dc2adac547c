import type { FeatureType } from '../../datasets/types.ts';
import type { Axis, ChartType, ChartVis, Series } from '../visSchemas.ts';
import { featureRef } from './series.ts';
import type { MappingFeature } from './types.ts';
import { chartVisOf } from './visAccess.ts';

/** Fixtures of the mapping rule tables: features of each type, series and chart vis builders. */

export const DS1 = 'd00000000000000000000001';
export const DS2 = 'd00000000000000000000002';

let counter = 0;
export function feature(type: FeatureType, name: string = type, dataset = DS1): MappingFeature {
  counter += 1;
  const _id = `f${String(counter).padStart(23, '0')}`;
  return { _id, name, type, precision: type === 'date' ? 'day' : null, dataset: { _id: dataset } };
}

export const NUM = feature('number', 'amount');
export const NUM2 = feature('number', 'price');
export const CAT = feature('category', 'region');
export const DATE = feature('date', 'day');
export const TEXT = feature('text', 'note');
export const OTHER_DS = feature('number', 'elsewhere', DS2);

export function series(f: MappingFeature, id: string, extra: Partial<Series> = {}): Series {
  return { id, feature: featureRef(f), jobId: 'latest', operation: '', ...extra };
}

export const axis = (...list: Series[]): Axis => ({ series: list });

export function chart(chartType: ChartType, buckets: Partial<ChartVis> = {}): ChartVis {
  return chartVisOf({ chartType, ...buckets });
}

export const ids = (axes: Axis[]) => axes.map((a) => a.series.map((s) => s.id));
