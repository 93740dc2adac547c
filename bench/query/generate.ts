/**
 * The query benchmark's dataset: a CSV of exactly `rows` sales rows, the same file for the same count (a
 * seeded mulberry32 generator). Columns:
 *
 *   id        1..rows
 *   category  20 product categories, skewed (the first ones are more frequent)
 *   region    6 regions
 *   sold_at   a timestamp over 3 years (2023-01-01 to 2025-12-31, UTC, to the second)
 *   amount    a float with 2 decimals, 0.01 to ~2000, skewed towards small values
 *   quantity  an integer 1..20
 *   note      a short text (~3,000 distinct values, some quoted with a comma)
 *
 * Rows are built in ~1 MB batches and written with back-pressure (constant memory, never the whole file),
 * into `{file}.tmp` renamed when complete: an interrupted run never leaves a half file that looks finished.
 */
import { rename, stat } from 'node:fs/promises';
import { CATEGORIES, csvWriter, pick, REGIONS, random, utcTimestamp, WORDS } from '../support/generate.ts';

export const HEADER = 'id,category,region,sold_at,amount,quantity,note';

const START = Date.UTC(2023, 0, 1) / 1000;
const SPAN = Date.UTC(2026, 0, 1) / 1000 - START;

/** One CSV line (with its newline) for row `id`, drawing from `rnd`. */
export function row(id: number, rnd: () => number): string {
  const soldAt = utcTimestamp(new Date((START + Math.floor(rnd() * SPAN)) * 1000));
  // Skewed: squaring a uniform draw favours the first categories and small amounts.
  const category = CATEGORIES[Math.floor(rnd() ** 1.5 * CATEGORIES.length)];
  const region = pick(REGIONS, rnd);
  const amount = (0.01 + rnd() ** 2 * 2000).toFixed(2);
  const quantity = 1 + Math.floor(rnd() * 20);
  const w1 = pick(WORDS, rnd);
  const w2 = pick(WORDS, rnd);
  const note = rnd() < 0.1 ? `"${w1}, ${w2}"` : `${w1} ${w2} ${id % 29}`;
  return `${id},${category},${region},${soldAt},${amount},${quantity},${note}\n`;
}

/** Writes the file unless it is already there (complete); answers its size in bytes. */
export async function generateCsv(file: string, rows: number): Promise<{ bytes: number; reused: boolean }> {
  const existing = await stat(file).catch(() => undefined);
  if (existing) return { bytes: existing.size, reused: true };
  const temp = `${file}.tmp`;
  const out = await csvWriter(temp, HEADER);
  const rnd = random(20261121);
  let id = 0;
  while (id < rows) {
    let batch = '';
    while (batch.length < 1_000_000 && id < rows) batch += row(++id, rnd);
    await out.write(batch);
  }
  await out.end();
  await rename(temp, file);
  return { bytes: out.bytes, reused: false };
}
