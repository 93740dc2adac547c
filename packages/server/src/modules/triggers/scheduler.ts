import { nextOccurrence, occurrencesBetween } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import { Ticker } from '../../platform/ticker.ts';
import type { queueScheduledRun, ScheduledOutcome } from '../models/index.ts';
import type { Clock } from './clock.ts';
import {
  advanceCursor,
  claimFireWith,
  dueTriggers,
  lastFiredAt,
  recordFailedFire,
  type TriggerRow,
} from './triggers.store.ts';

/** Triggers looked at per tick (the most overdue first; the rest on the next tick). */
const BATCH = 100;
/** Past occurrences counted at most when a trigger was missed for long (a year of minutes is 525,600). */
const COUNT_LIMIT = 1_000_000;

/** What the scheduler uses: the database, the log, this process's job node, and the models' way to queue a run. */
export interface SchedulerDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** This process's node in the job service (the fire row's worker). */
  nodeId: string;
  /** Queues the model run of an occurrence (the models module's `queueScheduledRun`). */
  queueRun: (
    input: Parameters<typeof queueScheduledRun>[1],
    claim: Parameters<typeof queueScheduledRun>[2],
  ) => Promise<ScheduledOutcome>;
}

export interface SchedulerOptions {
  pollMs: number;
  graceMs: number;
  clock: Clock;
}

/**
 * Fires scheduled runs, on every worker (ROLE all or worker). Each tick reads the active triggers whose cursor
 * (`next_run_at`) is due and, for each, the occurrences from the cursor to now:
 * - the occurrences due within the grace period (SCHEDULER_GRACE_SECONDS, 60 s by default) are fired in order —
 *   a slow tick loses nothing;
 * - older ones were missed (every worker was down over them). Of those only the most recent runs, once, and only
 *   when nothing more recent is due; its fire row counts the others in `missed` and the log says so. Why: a
 *   scheduled run refreshes a model's outputs, so the latest missed one brings the data up to date, while running
 *   every missed one would queue a burst of identical work (a minutes trigger down for a day: 1,440 runs), and
 *   running none would leave stale outputs with nothing to say why.
 * Firing an occurrence writes its fire row (unique on trigger and time, only while the trigger is active), the run
 * and its job in one transaction, so two workers never run one occurrence twice and a pause stops fires at once.
 */
export class Scheduler {
  private readonly ticker: Ticker;

  constructor(
    private readonly deps: SchedulerDeps,
    private readonly options: SchedulerOptions,
  ) {
    this.ticker = new Ticker(
      () => this.tick(),
      options.pollMs,
      (err) => this.deps.log.error({ err }, 'the scheduler tick failed'),
    );
  }

  start(): void {
    this.ticker.start();
  }

  stop(): Promise<void> {
    return this.ticker.stop();
  }

  /** One pass over the due triggers (exposed for tests that drive the clock themselves). */
  async tick(): Promise<void> {
    const now = this.options.clock();
    for (const trigger of await dueTriggers(this.deps.db, now, BATCH)) {
      if (this.ticker.stopped) return;
      await this.fireDue(trigger, now);
    }
  }

  private async fireDue(trigger: TriggerRow, now: Date): Promise<void> {
    const cursor = trigger.nextRunAt;
    if (!cursor) return;
    // A worker stopped between firing and moving the cursor leaves fired occurrences behind it: they are neither
    // fired again (the fire row is unique) nor counted as missed.
    const fired = await lastFiredAt(this.deps.db, trigger.id);
    const due = occurrencesBetween(trigger.pattern, new Date(cursor.getTime() - 1), now, COUNT_LIMIT).filter(
      (at) => !fired || at > fired,
    );
    const recent = due.filter((at) => now.getTime() - at.getTime() <= this.options.graceMs);
    const missed = due.length - recent.length;
    const toFire = recent.length ? recent : due.slice(-1);
    const skipped = recent.length ? missed : Math.max(0, missed - 1);
    if (skipped) {
      this.deps.log.warn(
        { triggerId: trigger.id, missed: skipped, running: toFire[0]?.toISOString() },
        'scheduled run: occurrences missed while no worker ran; running the most recent once',
      );
    }
    for (const [i, at] of toFire.entries()) await this.fire(trigger, at, i === 0 ? skipped : 0);
    const last = due.at(-1) ?? fired;
    const next = nextOccurrence(trigger.pattern, last ?? now);
    await advanceCursor(this.deps.db, trigger.id, cursor, { nextRunAt: next, lastRunAt: last });
  }

  private async fire(trigger: TriggerRow, scheduledAt: Date, missed: number): Promise<void> {
    const worker = this.deps.nodeId;
    const fire = { triggerId: trigger.id, scheduledAt, missed, worker };
    const outcome = await this.deps.queueRun(
      { modelId: trigger.modelId, userId: trigger.userId, inputs: trigger.inputs, triggerId: trigger.id, scheduledAt },
      (client, runId) => claimFireWith(client, { ...fire, id: newId(), runId, error: null }),
    );
    if ('error' in outcome) {
      // The model cannot run with these inputs any more: the occurrence is recorded with why, never retried.
      await recordFailedFire(this.deps.db, { ...fire, id: newId(), error: outcome.error });
      this.deps.log.warn({ triggerId: trigger.id, error: outcome.error }, 'scheduled run not queued');
    }
  }
}
