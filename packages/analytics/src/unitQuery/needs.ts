/**
 * What a card reads, before the server loads anything: the feature ids it references and the sources
 * (dataset + job) its series read. Pure; the server resolves both in the metadata DB (see types.ts).
 */
import { chartSeries, type DashboardFilter, type OrderByEntry, type Series } from '@tessera/shared';
import { jobOf } from './context.ts';
import type { SourceKey, UnitQueryInput } from './types.ts';

/** The series (KPI series, table columns) of a card with the job each chooses. */
function cardSeries(input: UnitQueryInput): Array<{ featureId: string; jobId?: string; filters?: DashboardFilter[] }> {
  const of = (s: Pick<Series, 'feature' | 'jobId'> & { filters?: DashboardFilter[] }) => ({
    featureId: s.feature?._id,
    jobId: s.jobId,
    filters: s.filters,
  });
  switch (input.type) {
    case 'chart':
      return chartSeries({
        ...input.vis,
        independent: input.vis.independent ?? [],
        dependent: input.vis.dependent ?? [],
        otherDimensions: input.vis.otherDimensions ?? [],
        gradientDimension: input.vis.gradientDimension ?? [],
        groupBy: input.vis.groupBy ?? [],
        tooltip: { series: input.vis.tooltip?.series ?? [] },
      }).map(({ series }) => of(series));
    case 'kpi':
      return (input.vis.kpi ?? []).map(of);
    case 'table':
      return (input.vis.table ?? []).map(of);
  }
}

/** Every feature id the card references: series, their filters, the card's filters, order, dashboard filters. */
export function unitQueryNeeds(input: UnitQueryInput): string[] {
  const ids = new Set<string>();
  const add = (id: string | undefined) => {
    if (id) ids.add(id);
  };
  for (const s of cardSeries(input)) {
    add(s.featureId);
    for (const f of s.filters ?? []) add(f.feature?.id);
  }
  for (const f of input.vis.filters ?? []) add(f.feature?.id);
  const visOrder = ('orderBy' in input.vis ? input.vis.orderBy : undefined) as OrderByEntry[] | undefined;
  for (const o of [...(visOrder ?? []), ...(input.orderBy ?? [])]) add(o.value);
  for (const f of input.filters ?? []) add(f.feature?.id);
  for (const c of input.crossFilters ?? []) for (const id of c.featureIds) add(id);
  for (const d of input.drill ?? []) {
    add(d.featureId);
    if (d.kind === 'values') for (const f of d.keyFilters ?? []) add(f.feature?.id);
  }
  return [...ids];
}

/**
 * The distinct sources the card's series read: each series' dataset with its job (`input.jobId` overrides
 * each series' choice; default 'latest'). A table reads one source: its first column's dataset and job.
 * Features `datasetOf` does not know are left out (the compiler reports them as 'feature-deleted').
 */
export function sourceKeys(input: UnitQueryInput, datasetOf: (featureId: string) => string | undefined): SourceKey[] {
  const all = cardSeries(input);
  const series = input.type === 'table' ? all.slice(0, 1) : all;
  const keys = new Map<string, SourceKey>();
  for (const s of series) {
    const datasetId = s.featureId ? datasetOf(s.featureId) : undefined;
    if (!datasetId) continue;
    const jobId = jobOf(input, s.jobId);
    keys.set(`${datasetId}\u0000${jobId}`, { datasetId, jobId });
  }
  return [...keys.values()];
}
