/**
 * Runs `work` every `ms` in the background, never twice at once: a tick that comes while the last run is under way
 * is skipped. Each recurring duty of the job service has a ticker of its own, so that one that waits (a sweep
 * held up by a lock or by a job type's clean-up) never delays another (the heartbeat that keeps this process's
 * jobs its own: docs/operations.md, "Several processes").
 */
export class Ticker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly ms: number,
    private readonly work: () => Promise<unknown>,
    private readonly failed: (err: unknown) => void,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.work()
        .then(() => undefined, this.failed)
        .finally(() => {
          this.running = undefined;
        });
    }, this.ms);
    this.timer.unref();
  }

  /** No more ticks; resolves once the run under way (if any) has ended. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
