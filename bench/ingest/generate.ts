/**
 * Writes a realistic CSV of at least `targetBytes`: ids, integers, decimals, timestamps, dates, two
 * low-cardinality categories and a text column (some values quoted with commas and doubled quotes, as
 * spreadsheets write them). Rows are built in ~1 MB string batches and written with back-pressure, so the
 * generator runs in constant memory at disk speed. Values come from a seeded generator: the same size
 * gives the same file.
 */

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';

export const HEADER = 'id,customer_id,amount,quantity,created_at,ship_date,category,region,note';

const CATEGORIES = [
  'books',
  'games',
  'garden',
  'kitchen',
  'music',
  'office',
  'outdoor',
  'pets',
  'sports',
  'tools',
  'toys',
  'travel',
];
const REGIONS = ['north', 'south', 'east', 'west', 'centre', 'overseas'];
const WORDS = ['blue', 'fast', 'parcel', 'gift', 'fragile', 'express', 'return', 'standard', 'large', 'small'];

/** A tiny deterministic PRNG (mulberry32), so benchmark files are reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export async function generateCsv(file: string, targetBytes: number): Promise<{ bytes: number; rows: number }> {
  const existing = await stat(file).catch(() => undefined);
  if (existing && existing.size >= targetBytes && existing.size < targetBytes * 1.01) {
    return { bytes: existing.size, rows: -1 };
  }
  const out = createWriteStream(file);
  const rnd = random(42);
  const start = Date.UTC(2020, 0, 1) / 1000;
  let bytes = 0;
  let id = 0;
  const write = async (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(`${HEADER}\n`);
  while (bytes < targetBytes) {
    let batch = '';
    while (batch.length < 1_000_000) {
      id++;
      const t = new Date((start + Math.floor(rnd() * 4 * 365 * 86400)) * 1000);
      const created = `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
      const ship = new Date(t.getTime() + Math.floor(rnd() * 10) * 86400000);
      const shipDate = `${ship.getUTCFullYear()}-${pad(ship.getUTCMonth() + 1)}-${pad(ship.getUTCDate())}`;
      const w1 = WORDS[Math.floor(rnd() * WORDS.length)];
      const w2 = WORDS[Math.floor(rnd() * WORDS.length)];
      const r = rnd();
      const note = r < 0.1 ? `"${w1}, ${w2} ""priority"" order"` : r < 0.15 ? '' : `${w1} ${w2} order ${id % 977}`;
      batch += `${id},${1 + Math.floor(rnd() * 100_000)},${(rnd() * 1000).toFixed(2)},${1 + Math.floor(rnd() * 20)},${created},${shipDate},${CATEGORIES[Math.floor(rnd() * CATEGORIES.length)]},${REGIONS[Math.floor(rnd() * REGIONS.length)]},${note}\n`;
    }
    await write(batch);
  }
  out.end();
  await once(out, 'finish');
  return { bytes, rows: id };
}
