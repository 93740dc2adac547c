import { ingestOutput, type ModelOutputColumn, type NewModelOutputColumn } from '@tessera/analytics';
import type { ModelOutputRef, ModelResultStorage } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import {
  announceDatasetUpdated,
  type DatasetRow,
  type DatasetWriteDeps,
  deleteFeatureRow,
  findDataset,
  importedJobs,
  insertDataset,
  insertFeatures,
  listFeatures,
  refreshAfterDataChange,
  setPhysicalType,
  updateDatasetRow,
  withSegmentPaths,
  writeDatasetData,
} from '../datasets/index.ts';
import { lockModel, updateModelRow } from './models.store.ts';

/** One thing a run produced: a dataframe's Parquet file, or a JSON file of one object (a one-row table). */
export interface ProducedOutput {
  name: string;
  file: string;
  format: 'parquet' | 'json';
}

type Scalar = string | number | boolean | null;
const scalar = (v: unknown): Scalar =>
  v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean'
    ? (v ?? null)
    : String(v);

/**
 * Writes each output of a run into its Model Output dataset (type modelResult, source.model.id), found by name
 * among the model's outputs or created: one segment per run, a job of the dataset. Result storage all and merge
 * keep the earlier runs' segments (all: a card may read one run by its job; merge: the rows add up); latest
 * replaces them. Each dataset says 'imported' once its rows are committed (cards refetch then). Answers the
 * model's outputs after the run, those this run wrote with the dataset job of each (what a card pins to show this
 * very run: a series' jobId), and `refreshStats`: the features' statistics and previews over the whole dataset
 * (and the joins reading it), a convenience the run's caller does after it has said the run finished.
 */
export async function storeOutputs(
  deps: DatasetWriteDeps,
  model: { id: string; projectId: string; name: string; resultStorage: ModelResultStorage },
  run: { id: string; userId: string | null; temp?: boolean },
  produced: ProducedOutput[],
): Promise<{ outputs: ModelOutputRef[]; written: ModelOutputRef[]; refreshStats: () => Promise<void> }> {
  const refs: ModelOutputRef[] = [];
  const written: ModelOutputRef[] = [];
  const committed: DatasetRow[] = [];
  for (const output of produced) {
    const dataset = await claimOutputDataset(deps.db, model, run, output.name, produced.length > 1);
    if (!dataset) continue;
    // A trial run's datasets hold that run only.
    const stored = await storeOne(
      deps,
      dataset,
      { ...model, resultStorage: run.temp ? 'latest' : model.resultStorage },
      run,
      output,
    );
    if (stored) committed.push(stored.row);
    refs.push({ name: output.name, dataset: { _id: dataset.id } });
    written.push({ name: output.name, dataset: { _id: dataset.id }, ...(stored ? { jobId: stored.jobId } : {}) });
  }
  const refreshStats = async () => {
    for (const dataset of committed) {
      try {
        await refreshAfterDataChange(deps, dataset);
      } catch (err) {
        deps.log.warn({ err, datasetId: dataset.id }, 'could not refresh a model output dataset');
      }
      announceDatasetUpdated(deps.realtime, dataset, 'updated');
    }
  };
  return { outputs: refs, written, refreshStats };
}

/**
 * The dataset an output goes to: under a lock of the model row, the one its outputs name (or, for an Update
 * Source trial run, a new one recorded in tempOutputs), created and recorded when there is none. Two first runs
 * at once take turns here, so they share one dataset. Answers nothing when the model is gone.
 */
async function claimOutputDataset(
  db: Db,
  model: { id: string; projectId: string; name: string; resultStorage: ModelResultStorage },
  run: { userId: string | null; temp?: boolean },
  name: string,
  several: boolean,
): Promise<DatasetRow | undefined> {
  return db.transaction(async (tx) => {
    const locked = await lockModel(tx, model.id);
    if (!locked) return undefined;
    const list = run.temp ? locked.tempOutputs : locked.outputs;
    const ref = list.find((o) => o.name === name);
    const existing = ref ? await findDataset(tx, ref.dataset._id) : undefined;
    // After Transfer Assets an output left in the old project is not written to: a new one is made here.
    if (existing && existing.projectId === model.projectId) return existing;
    const dataset = await insertDataset(tx, {
      id: newId(),
      projectId: model.projectId,
      name: several ? `${model.name} - ${name}` : model.name,
      type: 'modelResult',
      source: { model: { id: model.id, resultStorage: model.resultStorage } },
      userId: run.userId,
    });
    const entry = { name, dataset: { _id: dataset.id } };
    const next = ref ? list.map((o) => (o === ref ? entry : o)) : [...list, entry];
    await updateModelRow(tx, model.id, run.temp ? { tempOutputs: next } : { outputs: next });
    return dataset;
  });
}

async function storeOne(
  deps: DatasetWriteDeps,
  dataset: DatasetRow,
  model: { id: string; name: string; resultStorage: ModelResultStorage },
  run: { id: string; userId: string | null },
  output: ProducedOutput,
): Promise<{ row: DatasetRow; jobId: string } | undefined> {
  const { db } = deps;
  const replace = model.resultStorage === 'latest';
  const earlier = await importedJobs(db, dataset.id);
  const features = await listFeatures(db, dataset.id);
  const jobId = newId();
  const stored = await writeDatasetData(deps, {
    dataset,
    jobId,
    newJob: { name: model.name, type: 'modelRun', fileName: `${output.name}.parquet`, userId: run.userId },
    // The earlier runs' segments widen this one's types: read through the storage (cached copies on another node).
    write: (target) =>
      withSegmentPaths(deps.storage, dataset.id, replace ? [] : earlier.map((j) => j.jobId), (otherSegments) =>
        ingestOutput({
          dataDir: target.dataDir,
          datasetId: target.datasetId,
          segmentId: target.jobId,
          file: output.file,
          format: output.format,
          known: features.map((f) => ({ name: f.name, dbName: f.dbName, physicalType: f.physicalType })),
          otherSegments,
        }),
      ),
    measure: (result) => ({ rowCount: result.rowCount }),
    commit: async (tx, result) => {
      const row = await commitOutput(tx, dataset, model, replace, result);
      return row && { row, replaces: replace ? earlier.map((j) => j.jobId) : [] };
    },
    reason: 'imported',
  });
  return stored && { row: stored.row, jobId };
}

/** The output's features and columns, in the write path's transaction (latest: the columns it lacks go). */
async function commitOutput(
  tx: Db,
  dataset: DatasetRow,
  model: { id: string; resultStorage: ModelResultStorage },
  replace: boolean,
  result: { columns: ModelOutputColumn[] },
): Promise<DatasetRow | undefined> {
  // Runs of one model store one at a time: two first runs both saw no features before this lock, and only
  // the first may create them (the second finds them here, made by the first, and adds only what is new).
  await lockModel(tx, model.id);
  const present = new Set(result.columns.map((c) => c.dbName));
  const current = await listFeatures(tx, dataset.id);
  const known = new Map(current.map((f) => [f.dbName, f.physicalType]));
  if (replace) for (const f of current) if (!present.has(f.dbName)) await deleteFeatureRow(tx, f.id);
  const next = current.length + 1;
  await insertFeatures(
    tx,
    result.columns
      .filter((c): c is NewModelOutputColumn => c.isNew && !known.has(c.dbName))
      .map((c, i) => ({
        id: newId(),
        datasetId: dataset.id,
        name: c.name,
        type: c.detected.type,
        detectedType: c.detected.type,
        precision: c.detected.precision ?? null,
        listIndex: next + i,
        dbName: c.dbName,
        physicalType: c.datasetPhysicalType,
        stats: { min: scalar(c.detected.stats.min), max: scalar(c.detected.stats.max), avg: c.detected.stats.avg },
        preview: c.detected.preview.map(scalar),
      })),
  );
  // A known column whose type this run widened (the others are left as they are).
  for (const c of result.columns) {
    const was = known.get(c.dbName);
    if (was !== undefined && was !== c.datasetPhysicalType) {
      await setPhysicalType(tx, dataset.id, c.dbName, c.datasetPhysicalType);
    }
  }
  const kept = replace ? dataset.columns.filter((c) => present.has(c.dbName)) : dataset.columns;
  const widened = new Map(result.columns.map((c) => [c.dbName, c.datasetPhysicalType]));
  const columns = [
    ...kept.map((c) => ({ ...c, physicalType: widened.get(c.dbName) ?? c.physicalType })),
    ...result.columns
      .filter((c) => !kept.some((k) => k.dbName === c.dbName))
      .map((c) => ({ name: c.name, dbName: c.dbName, physicalType: c.datasetPhysicalType })),
  ];
  return updateDatasetRow(tx, dataset.id, {
    imported: true,
    columns,
    source: { ...dataset.source, model: { id: model.id, resultStorage: model.resultStorage } },
  });
}
