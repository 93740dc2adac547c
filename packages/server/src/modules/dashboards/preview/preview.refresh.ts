import type { FastifyBaseLogger } from 'fastify';
import type { ContentListener } from '../dashboards.events.ts';
import type { PreviewService } from './preview.service.ts';

/**
 * Renders a dashboard's image again after its content changes (cards, tabs, layout, filters, settings), once
 * the changes have settled: each change pushes the render `delayMs` further, so a burst of edits costs one
 * render. The image of a dashboard made empty and filled later follows what it shows, not its first minutes.
 * Timers live in this process; `stop` drops them (the routes call it when the app closes, dashboards.routes.ts).
 */
export class PreviewRefresher implements ContentListener {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly previews: Pick<PreviewService, 'request'>,
    private readonly delayMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Drops the renders still waiting (the app closes). */
  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  changed(dashboardId: string): void {
    clearTimeout(this.timers.get(dashboardId));
    const timer = setTimeout(() => void this.render(dashboardId), this.delayMs);
    timer.unref();
    this.timers.set(dashboardId, timer);
  }

  /** Whether a render waits for changes to settle (tests, the bench). */
  waiting(dashboardId: string): boolean {
    return this.timers.has(dashboardId);
  }

  private async render(dashboardId: string): Promise<void> {
    this.timers.delete(dashboardId);
    try {
      await this.previews.request(dashboardId);
    } catch (err) {
      // A dashboard deleted meanwhile, or a queue that refused: the next change tries again.
      this.log.warn({ err, dashboardId }, 'could not refresh a dashboard preview');
    }
  }
}
