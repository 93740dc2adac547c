import { MODEL_RUN_LOG_BYTES, MODEL_RUN_LOG_CUT_LINE } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { readRunLog, writeRunLog } from './models.store.ts';

/** How often a run's output is written while the run goes on (what GET …/log answers meanwhile). */
export const RUN_LOG_WRITE_MS = 1000;

/** `text` cut to its last `maxBytes` bytes of UTF-8 (never in the middle of a character). */
export function lastBytes(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 3 || Buffer.byteLength(text) <= maxBytes) return text;
  const bytes = Buffer.from(text);
  let start = bytes.length - maxBytes;
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++; // not inside a character
  return bytes.subarray(start).toString();
}

/**
 * A run's output as it comes (stdout and stderr interleaved), its last MODEL_RUN_LOG_BYTES kept, written to the
 * database every RUN_LOG_WRITE_MS while it changes and once more by `close()`.
 */
export class RunLog {
  private text = '';
  private truncated = false;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly runId: string,
  ) {
    this.timer = setInterval(() => this.write(), RUN_LOG_WRITE_MS);
    this.timer.unref();
  }

  add(text: string): void {
    if (!text) return;
    const joined = this.text + text;
    this.text = lastBytes(joined, MODEL_RUN_LOG_BYTES);
    if (this.text.length < joined.length) this.truncated = true;
    this.dirty = true;
  }

  /** Stops the periodic writes and writes what is left; resolves once it is written. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.write();
    await this.writing;
  }

  private write(): void {
    if (!this.dirty) return;
    this.dirty = false;
    const [text, truncated] = [this.text, this.truncated];
    this.writing = this.writing
      .then(() => writeRunLog(this.db, this.runId, text, truncated))
      .catch(() => {
        this.dirty = true; // tried again at the next tick (or by close)
      });
  }
}

/** A run's log as its text answer: what it printed, with a first line saying when the start was cut. */
export async function runLogText(db: Db, runId: string): Promise<string> {
  const log = await readRunLog(db, runId);
  if (!log) return '';
  return log.truncated ? `${MODEL_RUN_LOG_CUT_LINE}\n${log.text}` : log.text;
}
