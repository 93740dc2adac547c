/**
 * A task per key that runs once `delayMs` passed with no newer one for the same key: the last one scheduled runs,
 * the earlier ones are dropped (statistics that follow a burst of writes to one dataset). A failure goes to
 * `onError`; `stop()` drops what is pending and nothing runs after it.
 */
export class LaterPerKey {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(
    private readonly delayMs: number,
    private readonly onError: (err: unknown, key: string) => void,
  ) {}

  schedule(key: string, task: () => Promise<unknown>): void {
    clearTimeout(this.timers.get(key));
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      task().catch((err) => this.onError(err, key));
    }, this.delayMs);
    timer.unref();
    this.timers.set(key, timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
