/**
 * Update Source's output matching: each new output dataset is matched to a
 * previous output when at least half of its feature names match; features match by name or db name. Pure, shared
 * by the server (the proposal it sends) and the web app (relinking in the merge view).
 */

/** Dataset auto-match threshold: at least 50 percent of the new output's feature names equal. */
export const OUTPUT_MATCH_THRESHOLD = 0.5;
/** The merge preview sample. */
export const MERGE_PREVIEW_ROWS = 4;

export interface MatchFeature {
  /** A previous feature's id; a new output's columns have none. */
  _id?: string;
  name: string;
  dbName: string;
}

export interface MatchOutput {
  datasetId: string;
  features: MatchFeature[];
}

const same = (a: MatchFeature, b: MatchFeature) =>
  a.name === b.name || a.dbName === b.dbName || a.name === b.dbName || a.dbName === b.name;

/** For each new feature (by name), the previous feature it matches, or null (a new feature). */
export function matchFeatures(fresh: MatchFeature[], previous: MatchFeature[]): Record<string, string | null> {
  const taken = new Set<string>();
  const links: Record<string, string | null> = {};
  // Exact names first, so a name match wins over a db name match of another column.
  for (const pass of [(a: MatchFeature, b: MatchFeature) => a.name === b.name, same]) {
    for (const f of fresh) {
      if (links[f.name]) continue;
      const hit = previous.find((p) => p._id && !taken.has(p._id) && pass(f, p));
      links[f.name] = hit?._id ?? null;
      if (hit?._id) taken.add(hit._id);
    }
  }
  return links;
}

/** The share of a new output's features that match a previous output's (0 when it has none). */
export function matchShare(fresh: MatchFeature[], previous: MatchFeature[]): number {
  if (!fresh.length) return 0;
  const linked = Object.values(matchFeatures(fresh, previous)).filter(Boolean).length;
  return linked / fresh.length;
}

/**
 * Each new output's previous output (its dataset id), or null when none reaches the threshold. The best share
 * wins; a previous output is matched at most once (the earlier new output, by best share, takes it).
 */
export function matchOutputs(fresh: MatchOutput[], previous: MatchOutput[]): Record<string, string | null> {
  const pairs = fresh
    .flatMap((f) =>
      previous.map((p) => ({ f: f.datasetId, p: p.datasetId, share: matchShare(f.features, p.features) })),
    )
    .filter((x) => x.share >= OUTPUT_MATCH_THRESHOLD)
    .sort((a, b) => b.share - a.share);
  const result: Record<string, string | null> = Object.fromEntries(fresh.map((f) => [f.datasetId, null]));
  const used = new Set<string>();
  for (const pair of pairs) {
    if (result[pair.f] || used.has(pair.p)) continue;
    result[pair.f] = pair.p;
    used.add(pair.p);
  }
  return result;
}
