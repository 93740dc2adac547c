import {
  checkRunInputs,
  DELETABLE_RUN_STATUSES,
  inputProblem,
  JOB_MESSAGES,
  MODEL_MESSAGES,
  type Model,
  type ModelInput,
  type ModelResultStorage,
  type ModelRun,
} from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, type ErrorMessage, HttpError, notFound } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { datasetIdsOfDashboard } from '../dashboards/index.ts';
import { findDataset, updateDatasetRow } from '../datasets/index.ts';
import { findAlgorithm } from '../packages/index.ts';
import type { ModelsDeps } from './models.deps.ts';
import { inputFromParam } from './models.inputs.ts';
import { announceRun, announceShown, presentModel, presentRun } from './models.presenter.ts';
import {
  deleteModelRow,
  deleteModelRunRow,
  findModel,
  findModelRun,
  insertModel,
  listModelRuns,
  listProjectModels,
  type ModelRunRow,
  type ModelWithSource,
  newestFinishedRun,
  runningModelIds,
  settleOrphanRuns,
  updateModelRow,
  updateModelRun,
} from './models.store.ts';
import { insertQueuedRun } from './quota.store.ts';
import type { RunJobData } from './run.job.ts';
import { runLogText } from './runLog.ts';

/** Why a project's next run is refused (429): it has `max` queued already (docs/security.md "Fair shares"). */
export const tooManyQueued = (max: number) => MODEL_MESSAGES.tooManyQueued.replace('{count}', String(max));

/** Models and their runs. */
export class ModelsService {
  private readonly db: Db;
  constructor(private readonly deps: ModelsDeps) {
    this.db = deps.db;
  }

  async getRow(id: string): Promise<ModelWithSource> {
    const row = await findModel(this.db, id);
    if (!row) throw notFound('model.notFound');
    return row;
  }

  async getRun(id: string): Promise<ModelRunRow> {
    const row = await findModelRun(this.db, id);
    if (!row) throw notFound('model.runNotFound');
    return row;
  }

  async show(id: string): Promise<Model> {
    const row = await this.getRow(id);
    return presentModel(row, (await runningModelIds(this.db, [id])).has(id));
  }

  async list(projectId: string): Promise<Model[]> {
    const rows = await listProjectModels(this.db, projectId);
    const running = await runningModelIds(
      this.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentModel(r, running.has(r.id)));
  }

  /** The models of the project whose output datasets some card of the dashboard reads (its model bars). */
  async onDashboard(projectId: string, dashboardId: string): Promise<{ models: Model[] }> {
    const read = new Set(await datasetIdsOfDashboard(this.db, dashboardId));
    if (!read.size) return { models: [] };
    const models = await this.list(projectId);
    return { models: models.filter((m) => m.outputs.some((o) => read.has(o.dataset._id))) };
  }

  private announce(row: { id: string; projectId: string }, deleted = false) {
    this.deps.realtime.emit(row.projectId, 'model:updated', { _id: row.id, deleted }, { area: 'model' });
  }

  /** A draft model from a function: its inputs from the parameters; an empty name takes the function's name. */
  async create(userId: string, algorithmId: string, body: { name?: string; description?: string }) {
    const algorithm = await findAlgorithm(this.db, algorithmId);
    if (!algorithm) throw notFound('model.algorithmNotFound');
    const row = await insertModel(this.db, {
      id: newId(),
      projectId: algorithm.projectId,
      algorithmId,
      name: body.name || algorithm.functionName,
      description: body.description ?? '',
      inputs: algorithm.params.map(inputFromParam),
      userId,
    });
    this.announce(row);
    return { _id: row.id };
  }

  async update(
    id: string,
    change: {
      name?: string;
      description?: string;
      inputs?: ModelInput[];
      onboarded?: boolean;
      resultStorage?: ModelResultStorage;
      runButtonText?: string;
    },
  ): Promise<Model> {
    const row = await this.getRow(id);
    if (change.inputs) this.checkInputDefinitions(change.inputs);
    if (change.onboarded) this.requireReady(change.inputs ?? row.inputs);
    const leavesAll = change.resultStorage !== undefined && change.resultStorage !== 'all';
    await updateModelRow(this.db, id, leavesAll ? { ...change, selectedRunId: null } : change);
    if (change.resultStorage && change.resultStorage !== row.resultStorage) {
      await this.markOutputs(row, change.resultStorage);
    }
    this.announce(row);
    return this.show(id);
  }

  /** The output datasets say their model's result storage (a card's latest reads the newest run of all runs). */
  private async markOutputs(row: ModelWithSource, resultStorage: ModelResultStorage) {
    for (const output of row.outputs) {
      const dataset = await findDataset(this.db, output.dataset._id);
      if (!dataset) continue;
      await updateDatasetRow(this.db, dataset.id, {
        source: { ...dataset.source, model: { id: row.id, resultStorage } },
      });
    }
  }

  /** Select inputs keep their options; a default given must suit the type (checked like a run's value). */
  private checkInputDefinitions(inputs: ModelInput[]) {
    const fields: Record<string, ErrorMessage> = {};
    const names = new Set<string>();
    for (const input of inputs) {
      if (names.has(input.varName)) fields[input.varName] = 'model.duplicateInput';
      names.add(input.varName);
    }
    const withDefaults = inputs.filter((i) => i.dataType && i.defaultValue !== null && i.defaultValue !== undefined);
    const { fields: bad } = checkRunInputs(
      withDefaults.map((i) => ({ ...i, value: null })),
      [],
    );
    Object.assign(fields, bad);
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);
  }

  private requireReady(inputs: ModelInput[]) {
    const fields: Record<string, ErrorMessage> = {};
    for (const input of inputs) {
      const problem = inputProblem(input);
      if (problem) fields[input.varName] = problem;
    }
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);
  }

  /** Done in onboarding: ready inputs, select inputs with no options given an empty list, the model onboarded. */
  async confirm(id: string): Promise<Model> {
    const row = await this.getRow(id);
    this.requireReady(row.inputs);
    const inputs = row.inputs.map((i) =>
      i.display.inputType.startsWith('select') && i.dataType !== 'dataframe' && !i.options ? { ...i, options: [] } : i,
    );
    await updateModelRow(this.db, id, { inputs, onboarded: true });
    this.announce(row);
    return this.show(id);
  }

  async delete(id: string): Promise<void> {
    const row = await this.getRow(id);
    for (const run of await listModelRuns(this.db, id, 1000, 0)) {
      if (run.status === 'queued' || run.status === 'started') await this.cancel(run.id);
    }
    if (!(await deleteModelRow(this.db, id))) throw notFound('model.notFound');
    this.announce(row, true);
  }

  /** A copy with the same function and inputs, not onboarded, without outputs or runs. */
  async duplicate(userId: string, id: string) {
    const row = await this.getRow(id);
    const copy = await insertModel(this.db, {
      id: newId(),
      projectId: row.projectId,
      algorithmId: row.algorithmId,
      name: `${row.name} (copy)`,
      description: row.description,
      inputs: row.inputs.map((i) => ({ ...i, _id: newId() })),
      resultStorage: row.resultStorage,
      runButtonText: row.runButtonText,
      userId,
    });
    this.announce(copy);
    return { _id: copy.id };
  }

  /** Checks the inputs (400 naming each bad field, nothing written), then queues the run as a job. */
  async execute(
    userId: string,
    id: string,
    given: Array<{ varName: string; value: unknown }>,
    temp = false,
  ): Promise<ModelRun> {
    const model = await this.getRow(id);
    if (!model.algorithmId) throw badRequest('model.algorithmNotFound');
    const checked = checkRunInputs(model.inputs, given);
    const { values } = checked;
    const fields: Record<string, ErrorMessage> = { ...checked.fields };
    for (const v of values) {
      if (v.dataType !== 'dataframe') continue;
      const dataset = await findDataset(this.db, String(v.value));
      if (!dataset || dataset.projectId !== model.projectId) fields[v.varName] = 'model.notDataset';
    }
    if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0], fields);
    const max = this.deps.config.MODEL_QUEUED_RUNS_PER_PROJECT;
    const row = { id: newId(), modelId: id, projectId: model.projectId, inputs: values, userId, temp };
    const run = await insertQueuedRun(this.db, row, max);
    if (!run) throw new HttpError('rate-limited', { code: 'model.tooManyQueued', params: { count: max } });
    // Told as queued before its job exists: a worker may start it the moment the job is queued, and its
    // 'started' must not be followed by this 'queued' (nor this answer say 'started').
    await announceRun(this.deps, run);
    const data: RunJobData = { runId: run.id };
    const job = await this.deps.jobs.enqueue({
      projectId: model.projectId,
      type: 'modelRun',
      ownerType: 'model',
      ownerId: id,
      userId,
      name: model.name,
      data,
    });
    await updateModelRun(this.db, run.id, { jobId: job.id });
    return presentRun({ ...run, jobId: job.id });
  }

  /** The run the model's cards show, for every viewer (see api.selectModelRun); the newest finished is latest. */
  async selectRun(id: string, runId: string | null): Promise<Model> {
    const model = await this.getRow(id);
    let selected: string | null = null;
    if (runId) {
      const run = await findModelRun(this.db, runId);
      if (!run || run.modelId !== id || run.temp) throw notFound('model.runNotFound');
      if (model.resultStorage !== 'all' || run.status !== 'finished') throw badRequest('model.notSelectable');
      if ((await newestFinishedRun(this.db, id))?.id !== run.id) selected = run.id;
    }
    await updateModelRow(this.db, id, { selectedRunId: selected });
    // Dashboard viewers too, public pages' included: their cards and model bar follow the choice.
    announceShown(this.deps.realtime, model.projectId, id);
    return this.show(id);
  }

  async runs(id: string, limit: number, page: number): Promise<{ runs: ModelRun[] }> {
    await this.getRow(id);
    for (const settled of await settleOrphanRuns(this.db, JOB_MESSAGES.interrupted, id))
      await announceRun(this.deps, settled);
    return { runs: (await listModelRuns(this.db, id, limit, (page - 1) * limit)).map(presentRun) };
  }

  async run(id: string): Promise<ModelRun> {
    return presentRun(await this.getRun(id));
  }

  /** What the run printed (runLog.ts), as text. */
  async log(id: string): Promise<string> {
    await this.getRun(id);
    return runLogText(this.db, id);
  }

  /**
   * A queued run is cancelled at once; a started one has its job stopped (the sandbox killed) and says cancelled
   * once its processes are gone (the job handler settles it).
   */
  async cancel(id: string): Promise<ModelRun> {
    const run = await this.getRun(id);
    if (run.status !== 'queued' && run.status !== 'started') throw conflict('model.notRunning');
    await updateModelRun(this.db, id, { cancelRequestedAt: new Date() });
    const cancelled = await updateModelRun(this.db, id, { status: 'cancelled', finishedAt: new Date() }, ['queued']);
    if (run.jobId) await this.deps.jobs.cancel(run.jobId);
    if (cancelled) await announceRun(this.deps, cancelled);
    return presentRun(await this.getRun(id));
  }

  async updateRun(id: string, change: { favourite?: boolean; name?: string; description?: string }): Promise<ModelRun> {
    await this.getRun(id);
    const row = await updateModelRun(this.db, id, change);
    if (!row) throw notFound('model.runNotFound');
    await announceRun(this.deps, row);
    return presentRun(row);
  }

  async deleteRun(id: string): Promise<void> {
    const run = await this.getRun(id);
    if (!DELETABLE_RUN_STATUSES.includes(run.status)) throw conflict('model.notDeletable');
    if (!(await deleteModelRunRow(this.db, id))) throw notFound('model.runNotFound');
  }
}
