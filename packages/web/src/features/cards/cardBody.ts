import { cardIsMapped, MAX_CARD_ROWS, type Unit, type UnitData, type UnitDataError } from '@tessera/shared';

/**
 * What a typed card's body shows (placeholders, chart rendering by row
 * count), decided apart from React so that the order is tested on its own.
 */

export type CardBodyState =
  | { kind: 'placeholder'; code: string; cause?: Pick<UnitDataError, 'reason' | 'params'> }
  | { kind: 'loader' }
  | { kind: 'view'; data: UnitData | undefined };

/** Above these many rows a pie or a radar chart is not drawn. */
const MAX_PIE_RADAR_ROWS = 1_000;

/**
 * A card nothing was ever given to: no name, no description, nothing mapped (a custom card: an empty vis). Cancel
 * in the mapping editor removes such a card rather than leave an "Untitled card" behind.
 */
export function isBlankCard(unit: Pick<Unit, 'type' | 'vis' | 'name' | 'description'>): boolean {
  if (unit.name.trim() || unit.description.trim() || cardIsMapped(unit)) return false;
  return unit.type !== 'custom' || Object.keys(unit.vis ?? {}).length === 0;
}

/** Rows of an answer: a chart's or table's rows, one for a KPI's object. */
export function rowCount(data: UnitData): number {
  if (Array.isArray(data.data)) return data.data.length;
  return Object.keys(data.data).length > 0 ? 1 : 0;
}

function tooMuchData(unit: Pick<Unit, 'type' | 'vis'>, data: UnitData): boolean {
  const rows = rowCount(data);
  if (rows > MAX_CARD_ROWS) return true;
  const chartType = (unit.vis as { chartType?: unknown }).chartType;
  return unit.type === 'chart' && (chartType === 'pie' || chartType === 'radar') && rows > MAX_PIE_RADAR_ROWS;
}

export interface CardBodyInput {
  unit: Pick<Unit, 'type' | 'vis'>;
  /** The answer shown (current, previous while the next loads, or the last good one). */
  data: UnitData | undefined;
  hydrated: boolean;
  /** The request failed with no answer to show. */
  failed: boolean;
}

/**
 * The render order: nothing mapped (no data with a vis) gives the empty placeholder; no answer yet
 * gives the loader; an error gives its placeholder (the answer's code and exact cause when it names one, or
 * 'error' for a failed request); no rows
 * gives no-data; too many rows gives too-much-data; otherwise the view. A custom card with nothing to read is
 * drawn by its own view.
 */
export function cardBodyState({ unit, data, hydrated, failed }: CardBodyInput): CardBodyState {
  if (!cardIsMapped(unit)) {
    return unit.type === 'custom' ? { kind: 'view', data: undefined } : { kind: 'placeholder', code: 'empty' };
  }
  if (!hydrated || (!data && !failed)) return { kind: 'loader' };
  if (failed || !data) return { kind: 'placeholder', code: 'error' };
  if (data.error) {
    const { code, reason, params } = data.error;
    return reason ? { kind: 'placeholder', code, cause: { reason, params } } : { kind: 'placeholder', code };
  }
  if (rowCount(data) === 0) return { kind: 'placeholder', code: 'no-data' };
  if (tooMuchData(unit, data)) return { kind: 'placeholder', code: 'too-much-data' };
  return { kind: 'view', data };
}
