import { MODEL_MESSAGES, type Model, type ModelRun } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { findModel, type ModelRunRow, type ModelWithSource } from './models.store.ts';

/** Run events reach those who may run the model: model view, or dashboard view (the model bar). */
export const RUN_AREAS = ['model', 'dashboard'] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentModel(row: ModelWithSource, running: boolean): Model {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    projectId: row.projectId,
    algorithmId: row.algorithmId,
    inputs: row.inputs,
    outputs: row.outputs,
    tempOutputs: row.tempOutputs,
    resultStorage: row.resultStorage,
    onboarded: row.onboarded,
    runButtonText: row.runButtonText,
    selectedRunId: row.selectedRunId,
    running,
    sourceMissing: !row.algorithmId || !row.algorithmProjectId,
    transferred: Boolean(row.algorithmProjectId && row.algorithmProjectId !== row.projectId),
    user: { id: row.userId },
    timeCreated: row.timeCreated.toISOString(),
  };
}

export function presentRun(row: ModelRunRow): ModelRun {
  return {
    _id: row.id,
    modelId: row.modelId,
    status: row.status,
    failureKind: row.failureKind,
    inputs: row.inputs,
    outputs: row.outputs,
    error: row.error,
    executionDatetime: row.executionDatetime.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    userId: row.userId,
    favourite: row.favourite,
    name: row.name,
    description: row.description,
    jobId: row.jobId,
    triggerId: row.triggerId,
    scheduledAt: iso(row.scheduledAt),
  };
}

/**
 * Tells the project a run changed; a finished or failed run carries its live notice. `knownName`: the model's
 * name when the caller has the model at hand (else it is read).
 */
export async function announceRun(
  { db, realtime }: { db: Db; realtime: RealtimeGateway },
  row: ModelRunRow,
  knownName?: string,
): Promise<void> {
  const modelName = knownName ?? (await findModel(db, row.modelId))?.name ?? '';
  const notice =
    row.status === 'finished'
      ? `${MODEL_MESSAGES.runComplete} ${modelName}`
      : row.status === 'failed'
        ? `${MODEL_MESSAGES.runFailed} ${modelName}`
        : null;
  realtime.emit(row.projectId, 'modelRun:updated', { ...presentRun(row), modelName, notice }, { area: RUN_AREAS });
  // A finished run is what the model's cards show next: public pages' model bars follow (they hear no runs).
  if (row.status === 'finished' && !row.temp) announceShown(realtime, row.projectId, row.modelId);
}

/**
 * Tells the project's dashboard viewers, public pages' included (the event names nothing but the model), that what
 * the model's cards show changed: its selected run, or a new finished run.
 */
export function announceShown(realtime: RealtimeGateway, projectId: string, modelId: string): void {
  realtime.emit(projectId, 'model:updated', { _id: modelId, deleted: false }, { area: RUN_AREAS, public: true });
}
