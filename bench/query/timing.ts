/**
 * Timing helpers of the query benchmark: medians, and rounds that interleave the systems so the load of a
 * shared machine falls on all of them alike (each timed round runs every system once, in turn, starting with
 * a different one each round).
 */

export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export type Runner = () => Promise<unknown>;

/** A system to time: how to run it, and optionally the CPU seconds its process used so far (all threads). */
export interface System {
  run: Runner;
  cpu?: () => number | Promise<number>;
}

export interface Timings {
  /** Milliseconds of each timed run, in order. */
  runs: number[];
  median: number;
  /** CPU milliseconds of each timed run and their median, when the system reports its CPU. */
  cpuRuns?: number[];
  cpuMedian?: number;
  /** What the last run answered (to check the systems agree). */
  last: unknown;
}

/**
 * `warmup` untimed runs of each system, then `runs` rounds: every round times each system once, the order
 * rotating from round to round. A system that throws is reported as its error message (and is not run again).
 */
export async function interleaved(
  systems: Record<string, System>,
  warmup: number,
  runs: number,
): Promise<Record<string, Timings | string>> {
  const out: Record<string, Timings | string> = {};
  const times: Record<string, number[]> = {};
  const cpus: Record<string, number[]> = {};
  const last: Record<string, unknown> = {};
  for (const [name, { run }] of Object.entries(systems)) {
    try {
      for (let i = 0; i < warmup; i++) last[name] = await run();
      times[name] = [];
    } catch (error) {
      out[name] = (error as Error).message.split('\n')[0].slice(0, 200);
    }
  }
  const entries = Object.entries(systems);
  for (let round = 0; round < runs; round++) {
    // Each round starts with the next system, so none always runs right after the same other one.
    const order = entries.map((_, i) => entries[(i + round) % entries.length]);
    for (const [name, { run, cpu }] of order) {
      if (!times[name]) continue;
      const cpuBefore = cpu ? await cpu() : 0;
      const started = performance.now();
      try {
        last[name] = await run();
      } catch (error) {
        out[name] = (error as Error).message.split('\n')[0].slice(0, 200);
        delete times[name];
        continue;
      }
      times[name].push(performance.now() - started);
      if (cpu) {
        cpus[name] ??= [];
        cpus[name].push(((await cpu()) - cpuBefore) * 1000);
      }
    }
  }
  for (const [name, list] of Object.entries(times)) {
    const cpuRuns = cpus[name];
    out[name] = {
      runs: list,
      median: median(list),
      ...(cpuRuns ? { cpuRuns, cpuMedian: median(cpuRuns) } : {}),
      last: last[name],
    };
  }
  return out;
}

/** A Markdown table with right-aligned columns after the first, padded so it reads well in a terminal too. */
export function markdownTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, 3, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (i === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
