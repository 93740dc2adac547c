import { randomBytes } from 'node:crypto';
import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ident, withConnection, writeSegment } from '@tessera/analytics';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LaterPerKey } from '../../platform/laterPerKey.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { findDataset, refreshFeatureStats, updateDatasetRow } from '../datasets/index.ts';
import {
  datasetResponses,
  findForm,
  recordResponsesSegment,
  responsesJob,
  staleResponseDatasets,
} from './forms.store.ts';
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
 * The dataset reads one Parquet segment (its single dataset job, created at publish), like every dataset, so
 * cards, filters, stats and downloads need nothing special for forms. A flush rebuilds that segment from all
 * the dataset's rows: it is debounced (FLUSH_DELAY_MS after the first response of a burst, one flush at a time
 * per dataset, one more if responses arrived meanwhile), so a burst of any size costs one or two rebuilds.
 * The rebuild writes the rows as NDJSON and lets DuckDB type them into Parquet, then renames the segment
 * atomically (analytics segments.ts) and records its row count on the dataset job, which bumps the project's
 * data version (migration 0006) and is followed by `dataset:updated` (appended): cards refetch at once.
 *
 * Why a rebuild and not a new segment per flush: a segment per burst would leave a form with thousands of tiny
 * files that every card query opens, and need compaction; a form's responses are small (a 10,000-row rebuild
 * takes tens of milliseconds), so rebuilding keeps one file and no compaction. The flush runs in a transaction
 * holding an advisory lock on the dataset, so two server processes never write one segment at once; a crash
 * between a commit and its flush is caught up at start-up (`catchUp`).
 */
export class ResponsesFlusher {
  private readonly pending = new Map<string, { timer?: NodeJS.Timeout; running?: Promise<void>; again: boolean }>();
  private readonly stats: LaterPerKey;
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {
    this.stats = new LaterPerKey(STATS_DELAY_MS, (err, datasetId) =>
      app.log.warn({ err, datasetId }, 'could not refresh the stats of a form responses dataset'),
    );
  }

  install(): void {
    this.app.addHook('onReady', async () => {
      void this.catchUp().catch((err) => this.app.log.warn({ err }, 'could not catch up on form responses'));
    });
    this.app.addHook('onClose', async () => {
      this.stopped = true;
      for (const entry of this.pending.values()) clearTimeout(entry.timer);
      this.stats.stop();
      await Promise.allSettled([...this.pending.values()].map((e) => e.running));
    });
  }

  /** Flushes every Form Responses dataset whose segment is behind its responses. */
  async catchUp(): Promise<void> {
    for (const datasetId of await staleResponseDatasets(this.app.ctx.db)) await this.flushNow(datasetId);
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
        .catch((err) => this.app.log.warn({ err, datasetId }, 'could not write the form responses segment'))
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

  /** Rebuilds the dataset's segment from its responses when it is behind; answers whether it wrote one. */
  async flushNow(datasetId: string): Promise<boolean> {
    const { db } = this.app.ctx;
    const dataDir = this.app.ctx.storage.root;
    const written = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form-responses:${datasetId}`}))`);
      const dataset = await findDataset(tx, datasetId);
      const job = dataset && (await responsesJob(tx, datasetId));
      if (!dataset || !job) return undefined;
      const rows = await datasetResponses(tx, datasetId);
      if (job.state === 'imported' && job.rowCount === rows.length) return undefined;
      const form = dataset.source.form?.id ? await findForm(tx, dataset.source.form.id) : undefined;
      const yesNoTexts = yesNoTextColumns(form?.elements ?? [], dataset.columns);
      const file = await writeSegment(dataDir, datasetId, job.jobId, (tempPath) =>
        writeRows(tempPath, dataset.columns, rows, yesNoTexts),
      );
      await recordResponsesSegment(tx, job.jobId, rows.length, (await stat(file)).size);
      return updateDatasetRow(tx, datasetId, {});
    });
    if (!written) return false;
    realtimeOf(this.app).emit(
      written.projectId,
      'dataset:updated',
      { _id: datasetId, reason: 'appended' },
      { area: 'dataset' },
    );
    this.refreshStatsLater(datasetId);
    return true;
  }

  /**
   * The features' stats and previews (the dataset page's convenience) follow the data after a quiet moment
   * (STATS_DELAY_MS after the last flush), apart from the flushes, so that they never delay a card's refetch.
   */
  private refreshStatsLater(datasetId: string): void {
    const { db, storage } = this.app.ctx;
    this.stats.schedule(datasetId, async () => {
      const dataset = await findDataset(db, datasetId);
      if (dataset) await refreshFeatureStats(db, storage, dataset);
    });
  }
}

type Row = { answers: Record<string, unknown>; submittedAt: Date };
type Column = { dbName: string; physicalType: string };
type YesNoTexts = Map<string, { true: string; false: string }>;

/** A stored response as a line of the segment: a yes/no answer to a text column becomes the column's text. */
function lineOf(row: Row, yesNoTexts: YesNoTexts): string {
  const cells = { ...row.answers };
  for (const [column, texts] of yesNoTexts) {
    const value = cells[column];
    if (typeof value === 'boolean') cells[column] = texts[value ? 'true' : 'false'];
  }
  return JSON.stringify({ ...cells, [SUBMITTED_COLUMN]: row.submittedAt.toISOString() });
}

/** Writes the rows as Parquet with exactly the dataset's columns and types (through a temporary NDJSON file). */
async function writeRows(target: string, columns: Column[], rows: Row[], yesNoTexts: YesNoTexts): Promise<void> {
  // Beside the segment: DuckDB may only read and write under DATA_DIR (analytics engine.ts).
  const json = path.join(path.dirname(target), `responses-${randomBytes(8).toString('hex')}.ndjson`);
  try {
    const lines = rows.map((r) => lineOf(r, yesNoTexts));
    await writeFile(json, lines.length ? `${lines.join('\n')}\n` : '');
    const types = columns.map((c) => `${ident(c.dbName)}: '${c.physicalType}'`).join(', ');
    const list = columns.map((c) => ident(c.dbName)).join(', ');
    const literal = (p: string) => `'${path.resolve(p).replaceAll("'", "''")}'`;
    // An empty file still gives a typed, empty relation (read_json with explicit columns).
    const relation = rows.length
      ? `SELECT ${list} FROM read_json(${literal(json)}, format = 'newline_delimited', columns = {${types}})`
      : `SELECT ${columns.map((c) => `CAST(NULL AS ${c.physicalType}) AS ${ident(c.dbName)}`).join(', ')} LIMIT 0`;
    await withConnection((c) => c.run(`COPY (${relation}) TO ${literal(target)} (FORMAT parquet)`));
  } finally {
    await rm(json, { force: true });
  }
}
