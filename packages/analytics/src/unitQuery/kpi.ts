/**
 * KPI cards to one SQL statement: one row keyed by KPI series id (KPI vis).
 *
 * Each KPI series reduces its source's filtered rows to one value: its aggregation (sum, avg, med, max, min,
 * count, distinctCount, list), restricted by its own filters (`FILTER (WHERE ...)`). No operation on a number
 * sums it; no operation on another type is 'not-numeric'; a bin or a date part (no single value) is
 * 'bad-operation'. Series of several sources (datasets or jobs) read one one-row subquery per source, cross
 * joined, so the answer is always exactly one row.
 */
import { isAggregation, type KpiVis, type SeriesMeta } from '@tessera/shared';
import { QueryError } from '../errors.ts';
import type { CompileContext, SourceContext } from './context.ts';
import { badOperation, checkedOperation, valueTypeOf } from './operations.ts';
import type { CompiledUnitQuery } from './types.ts';

export function compileKpi(ctx: CompileContext, vis: KpiVis): CompiledUnitQuery {
  const kpis = vis.kpi ?? [];
  const lists = new Map<SourceContext, string[]>();
  const series: SeriesMeta[] = [];
  const resolved = kpis.map((s, index) => {
    const entry = ctx.entry(s.feature?._id);
    const op = checkedOperation(entry, s.operation);
    const source = ctx.sourceOf(entry, s.jobId);
    const aggregation = op === '' && entry.ref.type === 'number' ? 'sum' : op;
    if (op === '') {
      if (entry.ref.type !== 'number') {
        throw new QueryError('not-numeric', {
          code: 'query.chooseOperation',
          params: { feature: JSON.stringify(entry.name) },
        });
      }
    } else if (!isAggregation(aggregation)) {
      throw badOperation('kpi-one-value', {
        feature: entry.name,
        operation: op,
      });
    }
    series.push({
      id: s.id,
      role: 'kpi',
      axis: 0,
      featureId: entry.id,
      operation: op,
      valueType: valueTypeOf(entry, aggregation),
      label: s.label || entry.name,
    });
    return { s, index, entry, source, aggregation };
  });
  if (!resolved.length) {
    return { kind: 'kpi', sql: '', params: [], columns: [], binWidths: [], guarded: false, allRows: false, series };
  }
  for (const source of ctx.allSources()) ctx.where(source);
  for (const { s, index, entry, source, aggregation } of resolved) {
    const condition = ctx.seriesCondition(source, s.filters);
    const list = lists.get(source) ?? [];
    list.push(`${ctx.aggregate(entry, aggregation as never, condition)} AS _v${index}`);
    lists.set(source, list);
  }
  const sources = ctx.allSources();
  const ctes = sources.map(
    (source) =>
      `${source.name} AS (SELECT ${(lists.get(source) ?? []).join(', ')} FROM ${source.source.sql} AS t WHERE ${ctx.where(source)})`,
  );
  const select = resolved.map(({ index, source }) => `${source.name}._v${index} AS _v${index}`);
  const sql = `WITH ${ctes.join(', ')} SELECT ${select.join(', ')} FROM ${sources.map((s) => s.name).join(' CROSS JOIN ')}`;
  return {
    kind: 'kpi',
    sql,
    params: ctx.params.values,
    columns: resolved.map(({ s, index }) => ({ alias: `_v${index}`, ids: [s.id] })),
    binWidths: [],
    guarded: false,
    allRows: false,
    series,
  };
}
