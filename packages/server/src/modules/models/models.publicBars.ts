import type { Model, ModelInput, PublicModelBar } from '@tessera/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findDataset } from '../datasets/index.ts';
import type { ModelsService } from './models.service.ts';
import { modelRuns } from './models.tables.ts';

const shownColumns = { id: modelRuns.id, inputs: modelRuns.inputs, outputs: modelRuns.outputs };

/**
 * The run a model's cards show (docs/models.md "Selected run"): its selected run while it is a finished run of
 * the model (`selected`: that run, its outputs pinning the cards), else its newest finished run (not a trial run).
 */
async function shownRun(db: Db, model: Pick<Model, '_id' | 'selectedRunId'>) {
  if (model.selectedRunId) {
    const [chosen] = await db
      .select(shownColumns)
      .from(modelRuns)
      .where(
        and(eq(modelRuns.id, model.selectedRunId), eq(modelRuns.modelId, model._id), eq(modelRuns.status, 'finished')),
      );
    if (chosen) return { ...chosen, selected: true };
  }
  const [newest] = await db
    .select(shownColumns)
    .from(modelRuns)
    .where(and(eq(modelRuns.modelId, model._id), eq(modelRuns.status, 'finished'), eq(modelRuns.temp, false)))
    .orderBy(desc(modelRuns.executionDatetime), desc(modelRuns.id))
    .limit(1);
  return newest && { ...newest, selected: false };
}

/** A value as a visitor reads it: a dataset by its name, a boolean True/False, a date or text as is, else JSON. */
async function shown(db: Db, input: ModelInput, value: unknown): Promise<string> {
  if (value === null || value === undefined) return '';
  if (input.dataType === 'dataframe' && typeof value === 'string') return (await findDataset(db, value))?.name ?? '';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/**
 * A public dashboard's model bars, read-only (docs/product.md "Public data apps"): the models its cards read,
 * the inputs of their bars with the values of the run the cards show, and the outputs of a selected run (the
 * visitor's cards read its jobs, as the signed-in dashboard's do).
 */
export async function publicModelBars(
  db: Db,
  models: ModelsService,
  dashboard: { id: string; projectId: string },
): Promise<{ models: PublicModelBar[] }> {
  const { models: list } = await models.onDashboard(dashboard.projectId, dashboard.id);
  const bars = await Promise.all(
    list.map(async (model) => {
      const run = await shownRun(db, model);
      const inputs = await Promise.all(
        model.inputs
          .filter((input) => input.display.modelBar)
          .map(async (input) => {
            const ran = run?.inputs.find((v) => v.varName === input.varName);
            const value = ran ? ran.value : (input.value ?? input.defaultValue);
            return { _id: input._id, name: input.name, varName: input.varName, value: await shown(db, input, value) };
          }),
      );
      const selectedOutputs = run?.selected
        ? run.outputs.flatMap((o) => (o.jobId ? [{ datasetId: o.dataset._id, jobId: o.jobId }] : []))
        : [];
      return { _id: model._id, name: model.name, runButtonText: model.runButtonText, inputs, selectedOutputs };
    }),
  );
  return { models: bars };
}
