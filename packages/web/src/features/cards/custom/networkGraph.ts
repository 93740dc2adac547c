import type { Axis, DataRow, UnitData, Vis } from '@tessera/shared';

/**
 * A network card's graph from its data (customVis.ts: `independent[0]` nodes, `dependent[0]` sources,
 * `dependent[1]` targets). Nodes are the listed nodes plus every source and target; a connection seen several
 * times is one link whose value is the count. Nodes are sized by how many links touch them.
 */
export interface NetworkGraph {
  nodes: Array<{ name: string; value: number; symbolSize: number }>;
  links: Array<{ source: string; target: string; value: number }>;
}

const firstSeriesId = (axes: unknown, index: number): string | undefined => {
  const axis = Array.isArray(axes) ? (axes[index] as Axis | undefined) : undefined;
  const id = axis?.series?.[0]?.id;
  return typeof id === 'string' ? id : undefined;
};

/** The series ids the network reads from each row. */
export const networkRoles = (vis: Vis) => ({
  node: firstSeriesId(vis.independent, 0),
  source: firstSeriesId(vis.dependent, 0),
  target: firstSeriesId(vis.dependent, 1),
});

const name = (row: DataRow, id: string | undefined): string | null => {
  if (!id) return null;
  const value = row[id];
  if (value === null || value === undefined || Array.isArray(value) || value === '') return null;
  return String(value);
};

export function networkGraph(vis: Vis, data: UnitData | null | undefined): NetworkGraph {
  const rows = data && Array.isArray(data.data) ? data.data : [];
  const roles = networkRoles(vis);
  const degree = new Map<string, number>();
  const links = new Map<string, { source: string; target: string; value: number }>();
  const touch = (node: string, by: number) => degree.set(node, (degree.get(node) ?? 0) + by);
  for (const row of rows) {
    const node = name(row, roles.node);
    if (node !== null) touch(node, 0);
    const source = name(row, roles.source);
    const target = name(row, roles.target);
    if (source === null || target === null) continue;
    touch(source, 1);
    touch(target, 1);
    const key = JSON.stringify([source, target]);
    const link = links.get(key);
    if (link) link.value += 1;
    else links.set(key, { source, target, value: 1 });
  }
  const max = Math.max(1, ...degree.values());
  const nodes = [...degree].map(([node, value]) => ({
    name: node,
    value,
    symbolSize: Math.round(10 + (30 * value) / max),
  }));
  return { nodes, links: [...links.values()] };
}
