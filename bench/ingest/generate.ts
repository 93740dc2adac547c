/**
 * Writes a realistic CSV of at least `targetBytes`: ids, integers, decimals, timestamps, dates, two
 * low-cardinality categories and a text column (some values quoted with commas and doubled quotes, as
 * spreadsheets write them). Rows are built in ~1 MB string batches and written with back-pressure, so the
 * generator runs in constant memory at disk speed. Values come from a seeded generator: the same size
 * gives the same file.
 */

import { stat } from 'node:fs/promises';
import { CATEGORIES, csvWriter, pick, REGIONS, random, utcDate, utcTimestamp, WORDS } from '../support/generate.ts';

export const HEADER = 'id,customer_id,amount,quantity,created_at,ship_date,category,region,note';

/** The first 12 categories (this benchmark's files predate the longer list). */
const INGEST_CATEGORIES = CATEGORIES.slice(0, 12);

export async function generateCsv(file: string, targetBytes: number): Promise<{ bytes: number; rows: number }> {
  const existing = await stat(file).catch(() => undefined);
  if (existing && existing.size >= targetBytes && existing.size < targetBytes * 1.01) {
    return { bytes: existing.size, rows: -1 };
  }
  const out = await csvWriter(file, HEADER);
  const rnd = random(42);
  const start = Date.UTC(2020, 0, 1) / 1000;
  let id = 0;
  while (out.bytes < targetBytes) {
    let batch = '';
    while (batch.length < 1_000_000) {
      id++;
      const t = new Date((start + Math.floor(rnd() * 4 * 365 * 86400)) * 1000);
      const created = utcTimestamp(t);
      const shipDate = utcDate(new Date(t.getTime() + Math.floor(rnd() * 10) * 86400000));
      const w1 = pick(WORDS, rnd);
      const w2 = pick(WORDS, rnd);
      const r = rnd();
      const note = r < 0.1 ? `"${w1}, ${w2} ""priority"" order"` : r < 0.15 ? '' : `${w1} ${w2} order ${id % 977}`;
      batch += `${id},${1 + Math.floor(rnd() * 100_000)},${(rnd() * 1000).toFixed(2)},${1 + Math.floor(rnd() * 20)},${created},${shipDate},${pick(INGEST_CATEGORIES, rnd)},${pick(REGIONS, rnd)},${note}\n`;
    }
    await out.write(batch);
  }
  await out.end();
  return { bytes: out.bytes, rows: id };
}
