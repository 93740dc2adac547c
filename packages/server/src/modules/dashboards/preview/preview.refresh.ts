import type { FastifyInstance } from 'fastify';
import type { ContentListener } from '../dashboards.events.ts';
import type { PreviewService } from './preview.service.ts';

/**
 * Renders a dashboard's image again after its content changes (cards, tabs, layout, filters, settings), once
 * the changes have settled: each change pushes the render `delayMs` further, so a burst of edits costs one
 * render. The image of a dashboard made empty and filled later follows what it shows, not its first minutes.
 * Timers live in this process and are dropped when the app closes.
 */
export class PreviewRefresher implements ContentListener {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly previews: Pick<PreviewService, 'request'>,
    private readonly delayMs: number,
  ) {
    app.addHook('onClose', async () => {
      for (const timer of this.timers.values()) clearTimeout(timer);
      this.timers.clear();
    });
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
      this.app.log.warn({ err, dashboardId }, 'could not refresh a dashboard preview');
    }
  }
}
