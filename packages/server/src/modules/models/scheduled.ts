import { checkRunInputs, MODEL_MESSAGES, serverMessageText } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { newId } from '../../platform/ids.ts';
import type { SqlClient } from '../../platform/jobs/index.ts';
import { findDataset } from '../datasets/index.ts';
import type { ModelsDeps } from './models.deps.ts';
import { announceRun } from './models.presenter.ts';
import { tooManyQueued } from './models.service.ts';
import { findModel, findModelRun } from './models.store.ts';
import { modelRuns } from './models.tables.ts';
import { queuedRunsWith } from './quota.store.ts';
import type { RunJobData } from './run.job.ts';

/** The project has its most queued runs: the occurrence is recorded as an error, nothing queued. */
class QueueFull extends Error {}

export interface ScheduledRunInput {
  modelId: string;
  /** Who made the trigger (the run's user). */
  userId: string | null;
  inputs: Array<{ varName: string; value?: unknown }>;
  triggerId: string;
  scheduledAt: Date;
}

/**
 * What became of a scheduled occurrence: a queued run; an error (nothing queued, nothing claimed: the caller records
 * it); or another worker's claim (nothing written).
 */
export type ScheduledOutcome = { runId: string } | { error: string } | { claimedElsewhere: true };

/**
 * Queues a model run for a trigger's occurrence like a manual run (same checks, same job, same history), marked
 * with its trigger and occurrence. The run's row, its job and the caller's `claim` (the trigger's fire row) are
 * written in one transaction: when the claim answers false (another worker fired this occurrence) nothing is.
 */
export async function queueScheduledRun(
  deps: ModelsDeps,
  input: ScheduledRunInput,
  claim: (client: SqlClient, runId: string) => Promise<boolean>,
): Promise<ScheduledOutcome> {
  const { db } = deps;
  const model = await findModel(db, input.modelId);
  const problem = await inputProblem(db, model, input.inputs);
  if (!model || problem) return { error: problem ?? MODEL_MESSAGES.notFound };
  const { values } = checkRunInputs(
    model.inputs,
    input.inputs.map((g) => ({ varName: g.varName, value: g.value })),
  );
  const runId = newId();
  const data: RunJobData = { runId };
  const queued = deps.jobs.enqueueWith(
    {
      projectId: model.projectId,
      type: 'modelRun',
      ownerType: 'model',
      ownerId: model.id,
      userId: input.userId,
      name: model.name,
      data,
    },
    async (client, job) => {
      const max = deps.config.MODEL_QUEUED_RUNS_PER_PROJECT;
      if ((await queuedRunsWith(client, model.projectId)) >= max) throw new QueueFull(tooManyQueued(max));
      if (!(await claim(client, runId))) return false;
      const insert = db
        .insert(modelRuns)
        .values({
          id: runId,
          modelId: model.id,
          projectId: model.projectId,
          inputs: values,
          userId: input.userId,
          jobId: job.id,
          triggerId: input.triggerId,
          scheduledAt: input.scheduledAt,
        })
        .toSQL();
      await client.executeSql(insert.sql, insert.params);
      return true;
    },
  );
  const job = await queued.catch((err) => {
    if (err instanceof QueueFull) return err;
    throw err;
  });
  if (job instanceof QueueFull) return { error: job.message };
  if (!job) return { claimedElsewhere: true };
  const run = await findModelRun(db, runId);
  if (run) await announceRun(deps, run);
  return { runId };
}

/** Why the trigger's inputs cannot run the model as it is now (its inputs may have changed since), or null. */
async function inputProblem(
  db: Db,
  model: Awaited<ReturnType<typeof findModel>>,
  given: ScheduledRunInput['inputs'],
): Promise<string | null> {
  if (!model) return MODEL_MESSAGES.notFound;
  if (!model.algorithmId) return MODEL_MESSAGES.algorithmNotFound;
  const { values, fields } = checkRunInputs(
    model.inputs,
    given.map((g) => ({ varName: g.varName, value: g.value })),
  );
  for (const v of values) {
    if (v.dataType !== 'dataframe') continue;
    const dataset = await findDataset(db, String(v.value));
    if (!dataset || dataset.projectId !== model.projectId) fields[v.varName] = 'model.notDataset';
  }
  const [first] = Object.entries(fields);
  return first ? `${first[0]}: ${serverMessageText(first[1])}` : null;
}
