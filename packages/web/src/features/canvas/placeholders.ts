import type { Unit } from '@tessera/shared';

/**
 * The card placeholders (header; text), by code. The codes are what a card's data answer reports
 * (the query issue); here a card with a type but nothing mapped yet shows 'empty' with its type's hint.
 */
export const PLACEHOLDER_CODES = [
  'unknown-subtype',
  'no-data',
  'too-much-data',
  'feature-deleted',
  'bad-operation',
  'bad-filter',
  'not-numeric',
  'not-mappable',
  'error',
  'empty',
] as const;
export type PlaceholderCode = (typeof PLACEHOLDER_CODES)[number];

export type EmptyHint = 'generic' | 'pie' | 'radar' | 'boxplot' | 'kpi' | 'table' | 'network';

/** Translation keys of a placeholder's header and text; any unknown code is 'Error' with no text. */
export function placeholderKeys(code: string): { header: string; text: string | null } {
  if (code === 'empty') return { header: '', text: null };
  const known = (PLACEHOLDER_CODES as readonly string[]).includes(code) ? code : 'unknown';
  return { header: `placeholders.${known}.header`, text: known === 'unknown' ? null : `placeholders.${known}.text` };
}

/** The type-specific hint of the empty placeholder. */
export function emptyHint(unit: Pick<Unit, 'type' | 'subtype' | 'vis'>): EmptyHint {
  if (unit.type === 'kpi') return 'kpi';
  if (unit.type === 'table') return 'table';
  if (unit.type === 'custom') return unit.subtype === 'network' ? 'network' : 'generic';
  const chartType = unit.vis.chartType;
  return chartType === 'pie' || chartType === 'radar' || chartType === 'boxplot' ? chartType : 'generic';
}
