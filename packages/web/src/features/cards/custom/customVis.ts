import type { CustomSubtype, Series, Unit, UnitData, Vis } from '@tessera/shared';
import { CUSTOM_SUBTYPES } from '@tessera/shared';

/**
 * The vis each custom (beta) card subtype stores, and readers that never throw on a vis saved by another version.
 * Every custom vis also carries `subtype` and `filters` (defaultVis of @tessera/shared).
 *
 * - markdown:      `{ markdown: string }` — Markdown text, drawn as sanitized HTML.
 * - html:          `{ html: string }` — an HTML document, drawn in a sandboxed frame (scripts run in an opaque
 *                  origin and cannot reach the app).
 * - imageKpi:      `{ imageUrl: string, kpi: [Series] }` — an https image beside the first KPI's value.
 * - comparisonKpi: `{ kpi: [current: Series, previous: Series] }` — two KPI values and the change between them.
 *                  The server reads a custom vis with a `kpi` list as a KPI query (imageKpi too).
 * - network:       chart buckets, so that the server answers a chart query: `independent[0]` the source and
 *                  `groupBy[0]` the target of each connection (one series each), optionally `dependent[0]` a
 *                  numeric value per connection (count, sum...; rows are then grouped by source and target).
 *                  Nodes are every source and target (networkGraph.ts).
 * - editable:      `{ columns: string[], rows: string[][] }` — a small table typed in by hand; no query.
 * - mapUnit, dash: no UI (the not-mappable placeholder).
 */

/** Subtypes the mapping editor can configure, in the order its chooser lists them. */
export const MAPPABLE_SUBTYPES = ['markdown', 'html', 'imageKpi', 'comparisonKpi', 'network', 'editable'] as const;
export type MappableSubtype = (typeof MAPPABLE_SUBTYPES)[number];

/**
 * What a subtype maps with the mapping screen's buckets: a KPI list (image KPI: one value; comparison KPI: the
 * current value, then the one compared with), the network's chart buckets (X: sources, group by: targets, Y: an
 * optional numeric value per connection), or nothing (text, HTML and editable tables are typed in).
 */
export function subtypeBuckets(subtype: MappableSubtype | null): 'kpi' | 'network' | null {
  if (subtype === 'imageKpi' || subtype === 'comparisonKpi') return 'kpi';
  return subtype === 'network' ? 'network' : null;
}

export type SubtypeKind = { kind: 'mappable'; subtype: MappableSubtype } | { kind: 'noUi' } | { kind: 'unknown' };

/** The card's subtype (the unit's, else its vis'), classified. */
export function subtypeOf(unit: Pick<Unit, 'subtype' | 'vis'>): SubtypeKind {
  const subtype = unit.subtype ?? unit.vis.subtype;
  if ((MAPPABLE_SUBTYPES as readonly unknown[]).includes(subtype)) {
    return { kind: 'mappable', subtype: subtype as MappableSubtype };
  }
  if ((CUSTOM_SUBTYPES as readonly unknown[]).includes(subtype)) return { kind: 'noUi' };
  return { kind: 'unknown' };
}

export const isCustomSubtype = (value: unknown): value is CustomSubtype =>
  (CUSTOM_SUBTYPES as readonly unknown[]).includes(value);

export const textOf = (vis: Vis, key: 'markdown' | 'html' | 'imageUrl'): string =>
  typeof vis[key] === 'string' ? (vis[key] as string) : '';

/** The KPI series of a custom vis (image and comparison KPIs). */
export const kpiSeriesOf = (vis: Vis): Series[] =>
  Array.isArray(vis.kpi) ? (vis.kpi as Series[]).filter((s) => s && typeof s.id === 'string') : [];

/** An image address the card may load: https only (no http, data: or javascript: addresses). */
export function safeImageUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The number a KPI answer holds for a series (a KPI answer's `data` is one object keyed by series id). */
export function kpiValue(data: UnitData | null | undefined, series: Series | undefined): number | null {
  if (!data || !series || Array.isArray(data.data)) return null;
  const value = data.data[series.id];
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** The change from `previous` to `current`: the difference, and the ratio in percent when previous is not 0. */
export function kpiChange(current: number, previous: number): { difference: number; percent: number | null } {
  const difference = current - previous;
  return { difference, percent: previous === 0 ? null : (difference / Math.abs(previous)) * 100 };
}

export interface EditableTable {
  columns: string[];
  rows: string[][];
}

/** The editable table of a vis; rows are padded or cut to the number of columns. */
export function editableTableOf(vis: Vis): EditableTable {
  const columns = Array.isArray(vis.columns) ? vis.columns.map((c) => String(c ?? '')) : [];
  const rows = Array.isArray(vis.rows)
    ? vis.rows.map((row) =>
        columns.map((_, i) => (Array.isArray(row) && row[i] !== undefined && row[i] !== null ? String(row[i]) : '')),
      )
    : [];
  return { columns, rows };
}
