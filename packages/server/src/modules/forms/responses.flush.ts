import { writeRowsSegment } from '@tessera/analytics';
import { sql } from 'drizzle-orm';
import { newId } from '../../platform/ids.ts';
import { LaterPerKey } from '../../platform/laterPerKey.ts';
import {
  type DatasetWriteDeps,
  findDataset,
  refreshFeatureStats,
  updateDatasetRow,
  writeDatasetData,
} from '../datasets/index.ts';
import { datasetResponses, findForm, RESPONSES_FILE_NAME, responsesJob, staleResponseDatasets } from './forms.store.ts';
import { SUBMITTED_COLUMN, yesNoTextColumns } from './responsesDataset.ts';

/** How long a flush waits after a response, so that a burst of responses becomes one rebuild. */
export const FLUSH_DELAY_MS = 100;
/** How long after the last flush the features' stats are refreshed. */
export const STATS_DELAY_MS = 2000;

/**
 * How responses become the data of their Form Responses dataset, which cards chart live.
 *
 * A response is first a row of `form_responses` in the metadata database, committed before the submitter hears
 * 201: that is the durable record, and a submission costs one INSERT, so two hundred concurrent submissions
 * are two hundred small inserts and nothing else.
 *
 * The dataset reads one Parquet segment (its single dataset job), like every dataset, so cards, filters, stats
 * and downloads need nothing special for forms. A flush writes a new version of that segment from all the
 * dataset's rows: it is debounced (FLUSH_DELAY_MS after the first response of a burst, one flush at a time
 * per dataset, one more if responses arrived meanwhile), so a burst of any size costs one or two rebuilds.
 * It goes through the datasets' write path (`writeDatasetData`, docs/architecture.md "The dataset write path"):
 * the rows become Parquet through packages/analytics (`writeRowsSegment`) under a new job's name (segments are
 * immutable: an object store's cached copies never go stale), and one transaction records the new dataset job
 * and removes the earlier one, which bumps the project's data version (migration 0006); then the project hears
 * `dataset:updated` (appended): cards refetch at once.
 *
 * Why one segment rewritten and not one added per flush: a segment per burst would leave a form with thousands
 * of tiny files that every card query opens, and need compaction; a form's responses are small (a 10,000-row
 * rebuild takes tens of milliseconds), so rebuilding keeps one file and no compaction. The commit holds an
 * advisory lock on the dataset and never replaces a segment with one of fewer rows, so two server processes
 * flushing at once keep the newer; a crash between a response and its flush is caught up at start-up (`catchUp`).
 */
export class ResponsesFlusher {
  private readonly pending = new Map<string, { timer?: NodeJS.Timeout; running?: Promise<void>; again: boolean }>();
  private readonly stats: LaterPerKey;
  private stopped = false;

  constructor(private readonly deps: DatasetWriteDeps) {
    this.stats = new LaterPerKey(STATS_DELAY_MS, (err, datasetId) =>
      deps.log.warn({ err, datasetId }, 'could not refresh the stats of a form responses dataset'),
    );
  }

  /** When the app closes: no flush starts any more, and those under way finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const entry of this.pending.values()) clearTimeout(entry.timer);
    this.stats.stop();
    await Promise.allSettled([...this.pending.values()].map((e) => e.running));
  }

  /** Flushes every Form Responses dataset whose segment is behind its responses. */
  async catchUp(): Promise<void> {
    for (const datasetId of await staleResponseDatasets(this.deps.db)) await this.flushNow(datasetId);
  }

  /** Asks for a flush of the dataset soon (debounced); never throws. */
  request(datasetId: string): void {
    if (this.stopped) return;
    const entry = this.pending.get(datasetId) ?? { again: false };
    this.pending.set(datasetId, entry);
    if (entry.running) {
      entry.again = true;
      return;
    }
    if (entry.timer) return;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      entry.running = this.flushNow(datasetId)
        .then(() => undefined)
        .catch((err) => this.deps.log.warn({ err, datasetId }, 'could not write the form responses segment'))
        .finally(() => {
          entry.running = undefined;
          if (entry.again && !this.stopped) {
            entry.again = false;
            this.request(datasetId);
          } else this.pending.delete(datasetId);
        });
    }, FLUSH_DELAY_MS);
  }

  /** Waits until no flush is scheduled or running (tests, and callers that need the data now). */
  async settle(): Promise<void> {
    while (this.pending.size) {
      await Promise.allSettled([...this.pending.values()].map((e) => e.running));
      await new Promise((resolve) => setTimeout(resolve, FLUSH_DELAY_MS / 2));
    }
  }

  /**
   * Writes the dataset's responses as a new segment when its segment is behind them, through the datasets' write
   * path (the new segment replaces the earlier one, whose job goes); answers whether it wrote one.
   */
  async flushNow(datasetId: string): Promise<boolean> {
    const { db } = this.deps;
    const dataset = await findDataset(db, datasetId);
    const job = dataset && (await responsesJob(db, datasetId));
    if (!dataset || !job) return false;
    const rows = await datasetResponses(db, datasetId);
    if (job.state === 'imported' && job.rowCount === rows.length) return false;
    const form = dataset.source.form?.id ? await findForm(db, dataset.source.form.id) : undefined;
    const yesNoTexts = yesNoTextColumns(form?.elements ?? [], dataset.columns);
    const written = await writeDatasetData(this.deps, {
      dataset,
      jobId: newId(),
      newJob: { name: dataset.name, type: 'formResponses', fileName: RESPONSES_FILE_NAME, userId: dataset.userId },
      write: (target) =>
        writeRowsSegment({ ...target, columns: dataset.columns, rows: rows.map((r) => cellsOf(r, yesNoTexts)) }),
      measure: (segment) => segment,
      commit: async (tx, segment) => {
        // One flush of a dataset commits at a time, and never over a newer one (responses are only added).
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form-responses:${datasetId}`}))`);
        const current = await responsesJob(tx, datasetId);
        if (!current || (current.state === 'imported' && (current.rowCount ?? 0) >= segment.rowCount)) return undefined;
        const row = await updateDatasetRow(tx, datasetId, {});
        return row && { row, replaces: [current.jobId] };
      },
      retire: 'remove',
      reason: 'appended',
    });
    if (!written) return false;
    this.refreshStatsLater(datasetId);
    return true;
  }

  /**
   * The features' stats and previews (the dataset page's convenience) follow the data after a quiet moment
   * (STATS_DELAY_MS after the last flush), apart from the flushes, so that they never delay a card's refetch.
   */
  private refreshStatsLater(datasetId: string): void {
    const { db, storage } = this.deps;
    this.stats.schedule(datasetId, async () => {
      const dataset = await findDataset(db, datasetId);
      if (dataset) await refreshFeatureStats(db, storage, dataset);
    });
  }
}

type Row = { answers: Record<string, unknown>; submittedAt: Date };
type YesNoTexts = Map<string, { true: string; false: string }>;

/** A stored response as a row of the segment: a yes/no answer to a text column becomes the column's text. */
function cellsOf(row: Row, yesNoTexts: YesNoTexts): Record<string, unknown> {
  const cells = { ...row.answers };
  for (const [column, texts] of yesNoTexts) {
    const value = cells[column];
    if (typeof value === 'boolean') cells[column] = texts[value ? 'true' : 'false'];
  }
  return { ...cells, [SUBMITTED_COLUMN]: row.submittedAt.toISOString() };
}
