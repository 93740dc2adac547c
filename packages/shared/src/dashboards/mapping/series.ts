import { type Operation, type StoredOperation, storedOperation } from '../operations.ts';
import { type ChartType, LATEST, type Series } from '../visSchemas.ts';
import type { MappingFeature } from './types.ts';

/**
 * One series: how a dropped feature becomes a series, and the per-series rules that the series
 * settings call ("Setting a per-series chart type resets that series' display. Turning dots off turns the dot
 * label off."; "Operation 'none' is stored as empty").
 */

/**
 * The feature reference a mapping stores: the feature, its dataset (what the data app card counts), and the
 * type it had when it was dropped (what the axis swap reads).
 */
export const featureRef = (feature: MappingFeature) => ({
  _id: feature._id,
  type: feature.type,
  dataset: { _id: feature.dataset._id },
});

/** A new series for a dropped feature: latest data, no operation unless one is given. */
export function newSeries(feature: MappingFeature, id: string, operation: StoredOperation = ''): Series {
  return { id, feature: featureRef(feature), jobId: LATEST, operation };
}

type SeriesDisplay = NonNullable<Series['display']>;

/** Merges display settings into a series; dots off turns the dot label off. */
export function applySeriesDisplay(series: Series, display: SeriesDisplay): Series {
  const next: SeriesDisplay = { ...(series.display ?? {}), ...display };
  if (next.hasDot === false) next.dotHasLabel = false;
  return { ...series, display: next };
}

/** Gives a series its own chart type (or back to the card's, with undefined); its display starts afresh. */
export function applySeriesChartType(series: Series, chartType: ChartType | undefined): Series {
  const { display: _display, chartType: _old, ...rest } = series;
  return (chartType ? { ...rest, chartType } : rest) as Series;
}

/** Sets a series' operation, 'none' stored as empty; bins only go with the bin operation. */
export function applySeriesOperation(series: Series, operation: Operation | ''): Series {
  const stored = storedOperation(operation);
  const { numberOfBins, ...rest } = series;
  return stored === 'bin'
    ? { ...rest, operation: stored, numberOfBins: numberOfBins ?? 10 }
    : { ...rest, operation: stored };
}
