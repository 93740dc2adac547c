/**
 * Roll-ups: a large source summarised by a few columns, so that aggregated cards read a few hundred rows
 * instead of millions. A dashboard asks the same shapes again and again (sums, counts, averages by a category,
 * under a filter on another): every such card and filter state of one source is answered from one summary.
 *
 * A roll-up of a source by its dimensions `dims` (raw columns) holds one row per distinct combination of
 * their values, with, for every column of the source, its `count` and, for numeric columns, its `sum`, `min`
 * and `max` (`measureName`). A card compiled against it (unitQuery/context.ts, rollup mode) groups and filters
 * on the dimensions exactly as on the source (any expression of a raw value is the same on the summary) and
 * re-aggregates the measures: sum of sums, sum of counts, min of mins, max of maxes, an average as the sum of
 * sums over the sum of counts. Only those aggregations, on a feature read as its column's own type (no cast),
 * roll up; anything else (a median, a distinct count, a list, raw rows, a boxplot, several sources) reads the
 * source itself. A table's page of rows always reads the source; its total (how many rows match its filters) is
 * the sum of the summary's row counts (`ROLLUP_ROWS`) under the same filters.
 *
 * A roll-up is made for a source of at least `rollupMinRows` rows (engine.ts option, default ROLLUP_MIN_ROWS) whose
 * dimensions have few combinations: a probe of the first ROLLUP_PROBE_ROWS rows must show at most ROLLUP_PROBE_MAX
 * of them, and the summary itself at most ROLLUP_MAX_ROWS rows, a tenth of the source's and ROLLUP_MAX_CELLS
 * values; otherwise that source and dimensions are remembered as refused and cards read the source. A summary by
 * more dimensions answers for fewer (one by region and category answers a card by region), so the first ask of a
 * source waits ROLLUP_GATHER_MS for the others (a dashboard's cards ask together) and one summary by all their
 * dimensions, and those of the source's summaries made or being made, is made (it replaces them; one finished
 * after a wider one serves only those who waited for it), or, refused, one by theirs alone, or by its own.
 * Summaries are tables of the query instance (engine.ts, in memory), made once per process at a time, kept while
 * used: at most ROLLUP_KEEP of them, each dropped when found (at the next ask) unread for ROLLUP_IDLE_MS, and with
 * the engine (the summaries of a process are the running engine's; their tables are numbered per process). A
 * source's relation names its segments: new data (an import, an append, a deletion) is another source, hence
 * another roll-up; so is a segment written again at its path (a form's responses: each file's identity is part of
 * the source's key). The old one ages out.
 *
 * Measured on 10,000,000 rows on the 2-core machine: a card by a category under a region filter costs DuckDB
 * ~95 ms of CPU on the segment; the summary of the same source by both (16 measures) ~350 ms once, then each
 * card well under a millisecond.
 */
import { stat } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { engineGeneration, engineInfo, withConnection } from './engine.ts';
import type { Source } from './source.ts';
import { ident, queryOne } from './sql.ts';
import { isNumericKind, physicalKind } from './types.ts';

/**
 * Rows of a summary at most (and at most a tenth of its source's), and cells (rows × columns: ~16 MB of
 * numbers) at most: ROLLUP_KEEP summaries take at most ~256 MB of a process.
 */
export const ROLLUP_MAX_ROWS = 100_000;
export const ROLLUP_MAX_CELLS = 2_000_000;
/** Rows read by the probe of a summary's size, and the combinations it may find among them. */
export const ROLLUP_PROBE_ROWS = 100_000;
export const ROLLUP_PROBE_MAX = 10_000;
/** Summaries kept per process, and how long one is kept without a reader. */
export const ROLLUP_KEEP = 16;
export const ROLLUP_IDLE_MS = 10 * 60_000;
/** How long the first ask of a source waits for others, to make one summary by all their dimensions. */
export const ROLLUP_GATHER_MS = 15;
/** Refused summaries and source row counts remembered per process. */
export const ROLLUP_REMEMBER = 1_000;

/** What a card's rolled statement names instead of a relation; replaced by the summary's table at run time. */
export const ROLLUP_RELATION = '"_rollup_relation_"';

export type RollupAggregate = 'sum' | 'min' | 'max' | 'count';

/** The summary's column holding how many of the source's rows each of its rows stands for (a table's total). */
export const ROLLUP_ROWS = '":rows"';

/** The summary's column holding `aggregate` of the source column `dbName` (a db name never holds ':'). */
export function measureName(dbName: string, aggregate: RollupAggregate): string {
  return `"${ident(dbName).slice(1, -1)}:${aggregate}"`;
}

/** Whether a summary of `source` holds `aggregate` of its column `dbName`. */
export function hasMeasure(source: Source, dbName: string, aggregate: RollupAggregate): boolean {
  const column = source.columns.find((c) => c.dbName === dbName);
  if (!column) return false;
  return aggregate === 'count' || isNumericKind(physicalKind(column.physicalType));
}

/** A card's statement over a summary: its source, the dimensions it groups or filters on, the SQL and values. */
export interface RollupPlan {
  source: Source;
  dims: string[];
  sql: string;
  params: DuckDBValue[];
}

interface Summary {
  sourceKey: string;
  dims: ReadonlySet<string>;
  table: string;
  lastRead: number;
  readers: number;
  retired: boolean;
}

interface Making {
  sourceKey: string;
  dims: ReadonlySet<string>;
  summary: Promise<Summary | undefined>;
}

interface Registry {
  generation: number;
  /** Made summaries, least recently read first. */
  made: Map<string, Summary>;
  /** Summaries being made, by key. */
  making: Map<string, Making>;
  /** Dimensions asked of a source during its gathering window, by source key. */
  gathering: Map<string, { dims: Set<string>; done: Promise<string[]> }>;
  /** Keys refused (too few rows, too many combinations, failed), with when. */
  refused: Map<string, number>;
  /** Source row counts, by source key. */
  rows: Map<string, Promise<number>>;
}

let registry: Registry | undefined;
/** Summary tables are numbered in the process, not per registry: a name is never made twice. */
let tables = 0;

function current(): Registry {
  const generation = engineGeneration();
  if (registry?.generation !== generation) {
    registry = {
      generation,
      made: new Map(),
      making: new Map(),
      gathering: new Map(),
      refused: new Map(),
      rows: new Map(),
    };
  }
  return registry;
}

/** A source as it is now: its relation, columns and the identity of each file it reads (rewritten: another). */
async function sourceKeyOf(source: Source): Promise<string> {
  const files = await Promise.all(
    (source.files ?? []).map((file) =>
      stat(file).then(
        (s) => [s.ino, s.size, s.mtimeMs],
        () => null,
      ),
    ),
  );
  return JSON.stringify([source.sql, source.columns, files]);
}
const keyOf = (sourceKey: string, dims: string[]) => JSON.stringify([sourceKey, dims]);

/**
 * Runs `fn` with the table of a summary answering `dims` of `source` (made if needed), or answers undefined
 * when the source is read directly (too small, too many combinations, the summary failed).
 */
export async function withRollup<T>(
  source: Source,
  dims: string[],
  fn: (table: string) => Promise<T>,
): Promise<{ value: T } | undefined> {
  const summary = await summaryFor(source, dims);
  if (!summary) return undefined;
  summary.readers++;
  try {
    return { value: await fn(summary.table) };
  } finally {
    summary.readers--;
    summary.lastRead = Date.now();
    if (summary.retired && !summary.readers) void drop(summary.table);
  }
}

const covers = (held: ReadonlySet<string>, dims: string[]) => dims.every((d) => held.has(d));

/**
 * The summary answering `dims` of `source`: one made already, or one being made that covers them; else one by
 * every dimension asked of the source during a window of ROLLUP_GATHER_MS (the cards of a dashboard ask
 * together: one summary by all their dimensions answers them all, and their filter states) and those of its
 * summaries made before; else, refused, by the window's dimensions alone; else by `dims` alone.
 */
async function summaryFor(source: Source, asked: string[]): Promise<Summary | undefined> {
  const dims = [...new Set(asked)].sort();
  // The engine first: the registry is the running engine's (starting one moves the generation on).
  const { rollupMinRows } = await engineInfo();
  const reg = current();
  sweep(reg);
  const sourceKey = await sourceKeyOf(source);
  const made = madeFor(reg, sourceKey, dims);
  if (made) return made;
  if ((await rowsOf(reg, source, sourceKey)) < rollupMinRows) return undefined;
  for (const pending of reg.making.values()) {
    if (pending.sourceKey !== sourceKey || !covers(pending.dims, dims)) continue;
    const summary = await pending.summary;
    if (summary) return summary;
  }
  const union = await gathered(reg, sourceKey, dims);
  const held = [...reg.made.values(), ...reg.making.values()]
    .filter((m) => m.sourceKey === sourceKey)
    .flatMap((m) => [...m.dims]);
  const wider = [...new Set([...union, ...held])].sort();
  const tried = new Set<string>();
  for (const candidate of [wider, union, dims]) {
    if (tried.has(candidate.join())) continue;
    tried.add(candidate.join());
    const summary = await making(reg, source, sourceKey, candidate);
    if (summary) return summary;
  }
  return undefined;
}

function madeFor(reg: Registry, sourceKey: string, dims: string[]): Summary | undefined {
  for (const summary of reg.made.values()) {
    if (summary.sourceKey === sourceKey && covers(summary.dims, dims)) {
      reg.made.delete(summary.table);
      reg.made.set(summary.table, summary);
      return summary;
    }
  }
  return undefined;
}

/** The source's row count, counted once (Parquet's metadata: a few milliseconds). */
function rowsOf(reg: Registry, source: Source, sourceKey: string): Promise<number> {
  let rows = reg.rows.get(sourceKey);
  if (!rows) {
    rows = withConnection(async (c) => Number((await queryOne(c, `SELECT count(*) AS n FROM ${source.sql} AS t`)).n));
    reg.rows.set(sourceKey, rows);
    rows.catch(() => reg.rows.delete(sourceKey));
  }
  return rows;
}

/** Every dimension asked of the source until its gathering window closes (sorted). */
function gathered(reg: Registry, sourceKey: string, dims: string[]): Promise<string[]> {
  let gathering = reg.gathering.get(sourceKey);
  if (!gathering) {
    const all = new Set<string>();
    const done = sleep(ROLLUP_GATHER_MS).then(() => {
      reg.gathering.delete(sourceKey);
      return [...all].sort();
    });
    gathering = { dims: all, done };
    reg.gathering.set(sourceKey, gathering);
  }
  for (const d of dims) gathering.dims.add(d);
  return gathering.done;
}

/** The summary by exactly `dims` (sorted), made once at a time; undefined when refused. */
function making(reg: Registry, source: Source, sourceKey: string, dims: string[]): Promise<Summary | undefined> {
  const made = madeFor(reg, sourceKey, dims);
  if (made) return Promise.resolve(made);
  const key = keyOf(sourceKey, dims);
  if (reg.refused.has(key)) return Promise.resolve(undefined);
  const pending = reg.making.get(key);
  if (pending) return pending.summary;
  const summary = make(reg, source, sourceKey, dims).catch(() => undefined);
  reg.making.set(key, { sourceKey, dims: new Set(dims), summary });
  void summary.then((made) => {
    reg.making.delete(key);
    if (made) {
      const wider = [...reg.made.values()].some((o) => o.sourceKey === sourceKey && covers(o.dims, [...made.dims]));
      // One made meanwhile answers for this one: it serves those who waited for it, then goes.
      if (wider) made.retired = true;
      else {
        for (const older of reg.made.values()) {
          if (older.sourceKey === sourceKey && covers(made.dims, [...older.dims])) retire(reg, older);
        }
        reg.made.set(made.table, made);
      }
    } else reg.refused.set(key, Date.now());
    sweep(reg);
  });
  return summary;
}

/** Probes the dimensions, then writes the summary; undefined when refused. */
async function make(reg: Registry, source: Source, sourceKey: string, dims: string[]): Promise<Summary | undefined> {
  const rows = await rowsOf(reg, source, sourceKey);
  return withConnection(async (connection) => {
    const dimList = dims.map(ident).join(', ');
    if (dims.length) {
      const first = `SELECT ${dimList} FROM ${source.sql} AS t LIMIT ${ROLLUP_PROBE_ROWS}`;
      const probe = `SELECT count(*) AS n FROM (SELECT DISTINCT ${dimList} FROM (${first}))`;
      if (Number((await queryOne(connection, probe)).n) > ROLLUP_PROBE_MAX) return undefined;
    }
    const table = `_rollup_${tables++}`;
    const measures = measuresOf(source);
    await connection.run(`CREATE TABLE ${table} AS ${summarySelect(source, dims, measures)}`);
    const made = Number((await queryOne(connection, `SELECT count(*) AS n FROM ${table}`)).n);
    if (made > Math.min(ROLLUP_MAX_ROWS, rows / 10, ROLLUP_MAX_CELLS / (dims.length + measures.length))) {
      await dropOn(connection, table);
      return undefined;
    }
    return { sourceKey, dims: new Set(dims), table, lastRead: Date.now(), readers: 0, retired: false };
  });
}

/**
 * Every measure of a summary of `source`: its rows' count; counts of all its columns; sums, minimums, maximums of
 * numeric ones.
 */
function measuresOf(source: Source): string[] {
  return [
    `count(*) AS ${ROLLUP_ROWS}`,
    ...source.columns.flatMap((c) => {
      const col = ident(c.dbName);
      const count = `count(${col}) AS ${measureName(c.dbName, 'count')}`;
      if (!isNumericKind(physicalKind(c.physicalType))) return [count];
      return [count, ...(['sum', 'min', 'max'] as const).map((a) => `${a}(${col}) AS ${measureName(c.dbName, a)}`)];
    }),
  ];
}

/** The statement of a summary of `source` by `dims`: a row per combination of their values, with every measure. */
export function summarySelect(source: Source, dims: string[], measures = measuresOf(source)): string {
  const group = dims.length ? ` GROUP BY ${dims.map(ident).join(', ')}` : '';
  return `SELECT ${[...dims.map(ident), ...measures].join(', ')} FROM ${source.sql} AS t${group}`;
}

/**
 * Retires summaries beyond ROLLUP_KEEP (least recently read first) or idle for ROLLUP_IDLE_MS; forgets refusals
 * after ROLLUP_IDLE_MS, and the oldest refusals and row counts beyond ROLLUP_REMEMBER.
 */
function sweep(reg: Registry): void {
  const now = Date.now();
  let excess = reg.made.size - ROLLUP_KEEP;
  for (const summary of [...reg.made.values()]) {
    if (excess <= 0 && now - summary.lastRead < ROLLUP_IDLE_MS) continue;
    excess--;
    retire(reg, summary);
  }
  for (const [key, at] of reg.refused) {
    if (now - at >= ROLLUP_IDLE_MS || reg.refused.size > ROLLUP_REMEMBER) reg.refused.delete(key);
  }
  for (const key of reg.rows.keys()) {
    if (reg.rows.size <= ROLLUP_REMEMBER) break;
    reg.rows.delete(key);
  }
}

/** No new reader gets the summary; it is dropped once its readers are done. */
function retire(reg: Registry, summary: Summary): void {
  reg.made.delete(summary.table);
  summary.retired = true;
  if (!summary.readers) void drop(summary.table);
}

const dropOn = (connection: DuckDBConnection, table: string) => connection.run(`DROP TABLE IF EXISTS ${table}`);

/** Drops a retired summary (not after the engine closed: its tables went with it). */
async function drop(table: string): Promise<void> {
  const generation = current().generation;
  if (engineGeneration() !== generation) return;
  await withConnection((connection) => dropOn(connection, table)).catch(() => undefined);
}

/** The summaries this process holds (tests, diagnostics). */
export function rollupTables(): string[] {
  return [...current().made.keys()];
}
