import {
  MERGE_PREVIEW_ROWS,
  type Model,
  type ModelOutputRef,
  matchFeatures,
  matchOutputs,
  type OutputMerge,
  type OutputUpdate,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import {
  type DatasetsService,
  deleteFeatureRow,
  type FeatureRow,
  findDataset,
  listFeatures,
  updateDatasetRow,
  updateFeatureRow,
} from '../datasets/index.ts';
import { builtPackage, findAlgorithm } from '../packages/index.ts';
import { inputsForSource } from './models.inputs.ts';
import type { ModelsService } from './models.service.ts';
import { type ModelWithSource, updateModelRow } from './models.store.ts';

const transferredError = () => new HttpError('conflict', 'model.transferred');
const feature = (f: FeatureRow) => ({ _id: f.id, name: f.name, dbName: f.dbName, type: f.type });

/** What Update Source uses besides the database and the live channel: the datasets' and the packages' services. */
export interface ModelSourceDeps {
  db: Db;
  realtime: RealtimeGateway;
  datasets: Pick<DatasetsService, 'delete'>;
  /** Commits the package's pending changes as the user (the packages module's `commitPackageChanges`). */
  commitPackageChanges: (userId: string, packageId: string) => Promise<boolean>;
}

/**
 * Update Source: another function for the model, a trial run into new datasets,
 * the merge of each new output into a previous one (cards keep their feature ids), Commit or Cancel.
 */
export class ModelSourceService {
  private readonly db: Db;
  constructor(
    private readonly deps: ModelSourceDeps,
    private readonly models: ModelsService,
  ) {
    this.db = deps.db;
  }

  private async editable(id: string): Promise<ModelWithSource> {
    const row = await this.models.getRow(id);
    if (row.algorithmProjectId && row.algorithmProjectId !== row.projectId) throw transferredError();
    return row;
  }

  private announce(row: { id: string; projectId: string }) {
    this.deps.realtime.emit(row.projectId, 'model:updated', { _id: row.id, deleted: false }, { area: 'model' });
  }

  /** Picks a function of a built package of the model's project; inputs of the same name keep their set-up. */
  async setAlgorithm(id: string, algorithmId: string): Promise<Model> {
    const row = await this.editable(id);
    const algorithm = await findAlgorithm(this.db, algorithmId);
    if (!algorithm || algorithm.projectId !== row.projectId) throw notFound('model.algorithmNotFound');
    if (!(await builtPackage(this.db, algorithm.packageId)))
      throw badRequest('model.packageNotBuilt', { algorithmId: 'model.packageNotBuilt' });
    await updateModelRow(this.db, id, { algorithmId, inputs: inputsForSource(row.inputs, algorithm.params) });
    this.announce(row);
    return this.models.show(id);
  }

  private async tempOutput(row: ModelWithSource, datasetId: string): Promise<ModelOutputRef> {
    const ref = row.tempOutputs.find((o) => o.dataset._id === datasetId);
    if (!ref) throw notFound('model.outputNotFound');
    return ref;
  }

  private async featuresOf(refs: ModelOutputRef[]) {
    return Promise.all(
      refs.map(async (r) => ({
        datasetId: r.dataset._id,
        features: (await listFeatures(this.db, r.dataset._id)).map(feature),
      })),
    );
  }

  /** The merge view of one new output: its target (auto-matched unless chosen), the feature links, 4 rows. */
  async editOutput(id: string, datasetId: string, chosen: string | null | undefined): Promise<OutputMerge> {
    const row = await this.editable(id);
    const ref = await this.tempOutput(row, datasetId);
    const dataset = await findDataset(this.db, datasetId);
    if (!dataset) throw notFound('model.outputNotFound');
    if (chosen && !row.outputs.some((o) => o.dataset._id === chosen))
      throw badRequest('model.notAnOutput', { target: 'model.notAnOutput' });
    const fresh = await this.featuresOf(row.tempOutputs);
    const previous = await this.featuresOf(row.outputs);
    const targetId = chosen === undefined ? matchOutputs(fresh, previous)[datasetId] : chosen;
    const features = fresh.find((f) => f.datasetId === datasetId)?.features ?? [];
    const targetFeatures = previous.find((p) => p.datasetId === targetId)?.features ?? [];
    const links = matchFeatures(features, targetFeatures);
    const rows = await listFeatures(this.db, datasetId);
    const sample = Math.min(MERGE_PREVIEW_ROWS, ...rows.map((f) => f.preview.length));
    const candidates = await Promise.all(
      row.outputs.map(async (o) => ({
        _id: o.dataset._id,
        name: (await findDataset(this.db, o.dataset._id))?.name ?? o.name,
      })),
    );
    return {
      dataset: { _id: dataset.id, name: dataset.name },
      outputName: ref.name,
      target: targetId ? (candidates.find((c) => c._id === targetId) ?? null) : null,
      features: features.map((f) => ({ ...f, link: links[f.name] ?? null })),
      targetFeatures,
      candidates,
      preview: Array.from({ length: rows.length ? sample : 0 }, (_, i) =>
        Object.fromEntries(rows.map((f) => [f.name, f.preview[i] ?? null])),
      ),
    };
  }

  /** Checks every update (400 naming the problem, nothing written). */
  private async checkUpdates(row: ModelWithSource, updates: OutputUpdate[]) {
    const targets = new Set<string>();
    const checked = [];
    for (const u of updates) {
      const ref = await this.tempOutput(row, u.datasetId);
      if (u.target && !row.outputs.some((o) => o.dataset._id === u.target))
        throw badRequest('model.notAnOutput', { target: 'model.notAnOutput' });
      if (u.target && targets.has(u.target)) throw badRequest('model.outputTaken', { target: 'model.alreadyLinked' });
      if (u.target) targets.add(u.target);
      const fresh = await listFeatures(this.db, u.datasetId);
      const old = u.target ? await listFeatures(this.db, u.target) : [];
      const linked = new Set<string>();
      for (const [name, featureId] of Object.entries(u.links)) {
        if (!fresh.some((f) => f.name === name))
          throw badRequest('model.noSuchFeature', { links: 'model.noSuchFeature' });
        if (featureId === null) continue;
        if (!old.some((f) => f.id === featureId) || linked.has(featureId))
          throw badRequest('model.notTargetFeature', { links: 'model.notTargetFeature' });
        linked.add(featureId);
      }
      checked.push({ update: u, ref, old, linked });
    }
    return checked;
  }

  /**
   * Commit: linked features of a target take the new names (same ids and columns, so cards keep working), its
   * unlinked features go; the new output's trial dataset is then removed. Unlinked new outputs become outputs;
   * previous outputs no longer mapped are removed. The model is confirmed, tempOutputs cleared, and the package of
   * its function committed when its code has edits not yet committed (a new revision, built as a job).
   */
  async commit(userId: string, id: string, updates: OutputUpdate[]): Promise<{ outputs: ModelOutputRef[] }> {
    const row = await this.editable(id);
    const checked = await this.checkUpdates(row, updates);
    const outputs: ModelOutputRef[] = [];
    const doomed: string[] = [];
    for (const ref of row.tempOutputs) {
      const item = checked.find((c) => c.ref === ref);
      if (!item?.update.target) {
        outputs.push(ref);
        continue;
      }
      const target = item.update.target;
      await this.db.transaction(async (tx) => {
        for (const f of item.old) if (!item.linked.has(f.id)) await deleteFeatureRow(tx, f.id);
        // Free the names first: a rename may take a name another linked feature is leaving.
        const renames = Object.entries(item.update.links).filter((e): e is [string, string] => e[1] !== null);
        for (const [, featureId] of renames) await updateFeatureRow(tx, featureId, { name: `~${featureId}` });
        for (const [name, featureId] of renames) await updateFeatureRow(tx, featureId, { name });
        const dataset = await findDataset(tx, target);
        if (dataset) {
          const byDb = new Map(item.old.map((f) => [f.dbName, f]));
          const columns = dataset.columns
            .filter((c) => !byDb.has(c.dbName) || item.linked.has(byDb.get(c.dbName)?.id ?? ''))
            .map((c) => {
              const renamed = renames.find(([, fid]) => fid === byDb.get(c.dbName)?.id);
              return renamed ? { ...c, name: renamed[0] } : c;
            });
          await updateDatasetRow(tx, target, { columns });
        }
      });
      outputs.push({ name: ref.name, dataset: { _id: target } });
      doomed.push(ref.dataset._id);
    }
    for (const old of row.outputs)
      if (!outputs.some((o) => o.dataset._id === old.dataset._id)) doomed.push(old.dataset._id);
    await updateModelRow(this.db, id, { outputs, tempOutputs: [], onboarded: true });
    await this.removeDatasets(doomed);
    const algorithm = row.algorithmId ? await findAlgorithm(this.db, row.algorithmId) : undefined;
    if (algorithm) await this.deps.commitPackageChanges(userId, algorithm.packageId);
    this.announce(row);
    return { outputs };
  }

  /** Cancel: the trial run's datasets that are not outputs are removed, tempOutputs cleared. */
  async cancel(id: string): Promise<void> {
    const row = await this.models.getRow(id);
    const unused = row.tempOutputs.filter((t) => !row.outputs.some((o) => o.dataset._id === t.dataset._id));
    await updateModelRow(this.db, id, { tempOutputs: [] });
    await this.removeDatasets(unused.map((u) => u.dataset._id));
  }

  private async removeDatasets(ids: string[]) {
    const { datasets } = this.deps;
    for (const datasetId of ids) {
      try {
        await datasets.delete(datasetId);
      } catch (error) {
        // Already gone, or a joined dataset reads it (then it stays, as a dataset).
        if (!(error instanceof HttpError)) throw error;
      }
    }
  }
}
