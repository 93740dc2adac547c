/**
 * Runs `tick` when started (right away unless told otherwise), then `pollMs` after each one ends: one at a time, until stopped (a stop waits
 * for the tick under way). A failed tick is handed to `failed` and the next one comes as usual. The timer does not
 * keep the process alive.
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> | undefined;
  private halted = false;

  constructor(
    private readonly tick: () => Promise<unknown>,
    private readonly pollMs: number,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** Whether stop() was called: a long tick checks it between its steps. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Starts ticking: the first tick `firstDelayMs` from now (at once by default). */
  start(firstDelayMs = 0): void {
    this.halted = false;
    this.schedule(firstDelayMs);
  }

  async stop(): Promise<void> {
    this.halted = true;
    clearTimeout(this.timer);
    await this.ticking;
  }

  private schedule(delay: number) {
    if (this.halted) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch(this.failed)
        .finally(() => {
          this.ticking = undefined;
          this.schedule(this.pollMs);
        });
    }, delay);
    this.timer.unref();
  }
}
