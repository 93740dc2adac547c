import type { Model, ModelRun } from '@tessera/shared';

/**
 * The selected result of a model on a dashboard: the latest data, or the output of one
 * finished run that the viewer picked in the model history. Only all-runs storage keeps each run's data, so
 * only there can a run be picked. Picking the newest finished run, or the run already shown, returns to latest.
 */

/** Selected runs by model id; a model that is not here shows its latest data. */
export type SelectedRuns = Readonly<Record<string, ModelRun>>;

export const canSelectRun = (model: Pick<Model, 'resultStorage'>, run: Pick<ModelRun, 'status'>): boolean =>
  model.resultStorage === 'all' && run.status === 'finished';

/** The newest finished run (its data is what "latest" shows). */
export function newestFinishedRun(runs: readonly ModelRun[]): ModelRun | undefined {
  let newest: ModelRun | undefined;
  for (const run of runs) {
    if (run.status !== 'finished') continue;
    if (!newest || run.executionDatetime > newest.executionDatetime) newest = run;
  }
  return newest;
}

/** What the model shows after the viewer picks `run`: undefined is latest. */
export function selectRun(
  model: Pick<Model, 'resultStorage'>,
  runs: readonly ModelRun[],
  current: ModelRun | undefined,
  run: ModelRun,
): ModelRun | undefined {
  if (!canSelectRun(model, run)) return current;
  if (run._id === current?._id || run._id === newestFinishedRun(runs)?._id) return undefined;
  return run;
}

/**
 * The selected run a card reads and the dataset job it wrote for one of the card's datasets; undefined (latest)
 * when none of the card's datasets is an output of a selected run.
 */
export function selectedOutputOf(
  datasetIds: readonly string[],
  selected: SelectedRuns,
): { run: ModelRun; jobId: string } | undefined {
  for (const run of Object.values(selected)) {
    for (const output of run.outputs) {
      if (output.jobId && datasetIds.includes(output.dataset._id)) return { run, jobId: output.jobId };
    }
  }
  return undefined;
}
