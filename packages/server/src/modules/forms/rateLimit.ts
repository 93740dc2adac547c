/**
 * Fixed-window counters for anonymous submissions (one per key: an address, a form). In memory, per server
 * process: with several processes each limits on its own, which bounds a flood all the same (limit × processes)
 * without a database write per refused attempt. Old windows are dropped as keys come back or the map grows.
 */
export class WindowCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one attempt for `key`; answers whether it stays within `limit` for the current window. */
  hit(key: string, limit: number, now = Date.now()): boolean {
    let entry = this.windows.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      if (!entry && this.windows.size >= this.maxKeys) this.sweep(now);
      entry = { start: now, count: 0 };
      this.windows.set(key, entry);
    }
    entry.count++;
    return entry.count <= limit;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.windows) if (now - entry.start >= this.windowMs) this.windows.delete(key);
    // Still full of live windows: forget the oldest rather than grow without bound.
    if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value as string);
  }
}
