import type { CDPSession, Page } from 'playwright-core';

/** A Chromium trace event (the fields read here). */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown>; name?: string };
}

/** One task of the page's main thread: ms from the start, wall and CPU (thread) time in ms; trace µs. */
export interface MainThreadTask {
  start: number;
  wall: number;
  cpu: number;
  ts: number;
  end: number;
}

export interface MainThreadTraceResult {
  tasks: MainThreadTask[];
  events: TraceEvent[];
  /** The start mark: its pid and tid are the page's main thread. */
  mark: TraceEvent;
}

const START_MARK = 'tessera-trace-start';

/**
 * The page's main-thread tasks between `start` and `stop`, from a Chromium performance trace ('toplevel'
 * category: one event per task, with its wall and thread durations): what a long task costs in CPU, which a busy
 * machine does not inflate the way it inflates wall time. With `profile`, the trace also holds the timeline's
 * events and V8's CPU samples (which slow the page).
 */
export class MainThreadTrace {
  private readonly events: TraceEvent[] = [];
  private constructor(private readonly session: CDPSession) {
    session.on('Tracing.dataCollected', ({ value }) => this.events.push(...(value as unknown as TraceEvent[])));
  }

  static async start(page: Page, { profile = false } = {}): Promise<MainThreadTrace> {
    const trace = new MainThreadTrace(await page.context().newCDPSession(page));
    const categories = ['toplevel', 'blink.user_timing'];
    if (profile)
      categories.push('v8.execute', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler');
    await trace.session.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: { includedCategories: categories },
    });
    await page.evaluate((name) => void performance.mark(name), START_MARK);
    return trace;
  }

  /** The tasks of the renderer main thread that marked the start, from the mark on. */
  async stop(): Promise<MainThreadTraceResult> {
    const complete = new Promise<void>((resolve) => this.session.once('Tracing.tracingComplete', () => resolve()));
    await this.session.send('Tracing.end');
    await complete;
    await this.session.detach();
    const mark = this.events.find((event) => event.name === START_MARK);
    if (!mark) throw new Error('the trace holds no start mark');
    const tasks = this.events
      .filter(
        (e) =>
          e.name === 'ThreadControllerImpl::RunTask' && e.pid === mark.pid && e.tid === mark.tid && e.ts >= mark.ts,
      )
      .map((e) => ({
        start: (e.ts - mark.ts) / 1000,
        wall: (e.dur ?? 0) / 1000,
        cpu: (e.tdur ?? 0) / 1000,
        ts: e.ts,
        end: e.ts + (e.dur ?? 0),
      }));
    return { tasks, events: this.events, mark };
  }
}
