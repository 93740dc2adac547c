/**
 * What the benchmarks' CSV generators share: the value lists, a seeded PRNG (the same seed gives the same
 * file), UTC date formatting and a CSV writer with back-pressure (constant memory, never the whole file).
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** Product categories; the first ones are the most frequent where a generator skews them. */
export const CATEGORIES = [
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
  'beauty',
  'baby',
  'crafts',
  'drinks',
  'food',
  'health',
  'phones',
  'video',
];
export const REGIONS = ['north', 'south', 'east', 'west', 'centre', 'overseas'];
/** Words of the text columns. */
export const WORDS = ['blue', 'fast', 'parcel', 'gift', 'fragile', 'express', 'return', 'standard', 'large', 'small'];

/** A tiny deterministic PRNG (mulberry32), so benchmark files are reproducible. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An element of `list` drawn uniformly with `rnd`. */
export const pick = <T>(list: readonly T[], rnd: () => number): T => list[Math.floor(rnd() * list.length)];

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `YYYY-MM-DD` of a date, in UTC. */
export const utcDate = (t: Date) => `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;

/** `YYYY-MM-DD HH:MM:SS` of a date, in UTC. */
export const utcTimestamp = (t: Date) =>
  `${utcDate(t)} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;

export interface CsvWriter {
  /** Bytes written so far. */
  readonly bytes: number;
  /** Writes a chunk, waiting for the stream to drain when its buffer is full. */
  write(chunk: string): Promise<void>;
  /** Ends the file once everything is flushed. */
  end(): Promise<void>;
}

/** A new file that starts with the header line. */
export async function csvWriter(file: string, header: string): Promise<CsvWriter> {
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(`${header}\n`);
  return {
    get bytes() {
      return bytes;
    },
    write,
    end: async () => {
      out.end();
      await once(out, 'finish');
    },
  };
}
