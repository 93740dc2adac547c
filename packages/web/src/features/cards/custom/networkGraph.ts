import type { Axis, DataRow, UnitData, Vis } from '@tessera/shared';

/**
 * A network card's graph from its data. The vis uses the chart buckets so that the server answers it as a chart
 * query (customVis.ts): `independent[0]` the source and `groupBy[0]` the target of each connection, and
 * optionally `dependent[0]` a numeric value per connection (a count or a sum: the rows are then grouped by source
 * and target). Without a value each row is one connection and repeated connections add up. Nodes are every
 * source and target, sized by the total value of the links that touch them.
 */
export interface NetworkGraph {
  nodes: Array<{ name: string; value: number; symbolSize: number }>;
  links: Array<{ source: string; target: string; value: number }>;
}

/** Node diameters in pixels. */
export const MIN_SIZE = 12;
export const MAX_SIZE = 36;

const firstSeriesId = (axes: unknown): string | undefined => {
  const axis = Array.isArray(axes) ? (axes[0] as Axis | undefined) : undefined;
  const id = axis?.series?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
};

/** The series ids the network reads from each row. */
export const networkRoles = (vis: Vis) => ({
  source: firstSeriesId(vis.independent),
  target: firstSeriesId(vis.groupBy),
  value: firstSeriesId(vis.dependent),
});

const name = (row: DataRow, id: string | undefined): string | null => {
  if (!id) return null;
  const value = row[id];
  if (value === null || value === undefined || Array.isArray(value) || value === '') return null;
  return String(value);
};

/** A connection's weight: its value when one is mapped (a missing or non-numeric value counts as 0), else 1. */
function weight(row: DataRow, id: string | undefined): number {
  if (!id) return 1;
  const value = Number(row[id]);
  return Number.isFinite(value) ? value : 0;
}

export function networkGraph(vis: Vis, data: UnitData | null | undefined): NetworkGraph {
  const rows = data && Array.isArray(data.data) ? data.data : [];
  const roles = networkRoles(vis);
  const totals = new Map<string, number>();
  const links = new Map<string, { source: string; target: string; value: number }>();
  for (const row of rows) {
    const source = name(row, roles.source);
    const target = name(row, roles.target);
    if (source === null || target === null) continue;
    const value = weight(row, roles.value);
    totals.set(source, (totals.get(source) ?? 0) + value);
    totals.set(target, (totals.get(target) ?? 0) + value);
    const key = JSON.stringify([source, target]);
    const link = links.get(key);
    if (link) link.value += value;
    else links.set(key, { source, target, value });
  }
  // Sizes spread from the smallest node to the biggest, so that close totals still read apart.
  const sizes = [...totals.values()].map(Math.abs);
  const [low, high] = [Math.min(...sizes), Math.max(...sizes)];
  const nodes = [...totals].map(([node, value]) => ({
    name: node,
    value,
    symbolSize: Math.round(MIN_SIZE + ((MAX_SIZE - MIN_SIZE) * (Math.abs(value) - low)) / (high - low || 1)),
  }));
  return { nodes, links: [...links.values()] };
}
