import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeNamedParquet } from '@tessera/analytics';
import { JOB_MESSAGES, type ModelRunStatus, type RunFailureKind } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { JobContext } from '../../platform/jobs/index.ts';
import { LaterPerKey } from '../../platform/laterPerKey.ts';
import {
  interpreterFor,
  type RunInput,
  type RunSpec,
  runFunction,
  type SandboxPool,
  type ServingSandbox,
} from '../../runner/index.ts';
import { findDataset, importedJobs, withSegmentPaths } from '../datasets/index.ts';
import { packageRunSource } from '../packages/index.ts';
import type { ModelsDeps } from './models.deps.ts';
import { type ProducedOutput, storeOutputs } from './models.outputs.ts';
import { announceRun, RUN_AREAS } from './models.presenter.ts';
import { findModel, findModelRun, findSource, type ModelRunRow, updateModelRun } from './models.store.ts';
import { RunLog } from './runLog.ts';

export interface RunJobData {
  runId: string;
}

/** Where runs work: each sandbox's folder (its /work, a folder per run inside) and each run's host-only folder. */
export const runsDirOf = (dataDir: string) => path.join(path.resolve(dataDir), 'model-runs');

/**
 * The run's host-only folder, beside the sandboxes' and never mounted in one: the inputs as DuckDB writes them, the
 * checked copies of the outputs, the result row (docs/security.md); removed once the run settles.
 */
export const hostDirOf = (dataDir: string, runId: string) => path.join(runsDirOf(dataDir), `${runId}.host`);

/** The most of a failure's text kept on a run (a traceback's end is what matters). */
const MAX_ERROR_CHARS = 20_000;
/** At most this much of a run's printed output is sent live per second-ish burst; the rest is dropped. */
const MAX_LOG_CHARS = 200_000;

class RunFailure extends Error {
  constructor(
    readonly kind: RunFailureKind,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A model run (docs/models.md): queued → started → finished | failed | cancelled. The dataframe inputs are
 * written as Parquet (DuckDB over the dataset's segments, with the features' names), the function runs in the
 * sandbox in its package's built environment and revision, what it prints streams to the project's live
 * channel, and each output becomes a Model Output dataset's segment (models.outputs.ts). Cancel aborts the
 * job's signal: the sandbox is killed, and only once every process is gone does the run say cancelled. A run is
 * served by the sandbox its project's last run of the same package left waiting, when there is one
 * (runner/serving.ts): a fresh process per run, without starting Python and importing pandas again.
 */
export function runHandler(deps: ModelsDeps, pool: SandboxPool, outputStats: LaterPerKey) {
  const statsLater = refreshLater(outputStats);
  return async (ctx: JobContext<RunJobData>): Promise<{ message?: string }> => {
    const { db, config, storage } = deps;
    const timings = runTimings();
    const initial = await findModelRun(db, ctx.data.runId);
    if (initial?.status !== 'queued') return { message: 'The run was no longer queued' };
    timings.mark('queued', Date.now() - initial.executionDatetime.getTime());
    const started = await updateModelRun(db, initial.id, { status: 'started', startedAt: new Date() }, ['queued']);
    if (!started) return { message: 'The run was no longer queued' };
    await announceRun(deps, started);
    timings.mark('started');
    const hostDir = hostDirOf(storage.root, started.id);
    let spec: RunSpec | undefined;
    let sandbox: ServingSandbox | undefined;
    let settled: ModelRunRow | undefined;
    let warm = false;
    let log: RunLog | undefined;
    let modelName: string | undefined;
    const settle = async (status: ModelRunStatus, change: Partial<ModelRunRow>) => {
      settled = await updateModelRun(db, started.id, { status, finishedAt: new Date(), ...change }, ['started']);
      if (settled) await announceRun(deps, settled, modelName);
    };
    try {
      const model = await findModel(db, started.modelId);
      if (!model) throw new RunFailure('source', 'Model not found');
      modelName = model.name;
      const source = model.algorithmId ? await findSource(db, model.algorithmId) : undefined;
      if (!source) throw new RunFailure('source', 'Source not found');
      const pkg = await packageRunSource(deps, source.algorithm.packageId);
      if (!pkg) throw new RunFailure('source', 'The package of this model is not built');
      spec = {
        interpreter: await interpreterFor(pkg.baseImage),
        envPath: pkg.envPath,
        packageDir: pkg.packageDir,
        env: pkg.env,
        owner: model.projectId,
        // One file at most the disk quota (ulimit -f); the folder as a whole: diskMb (docs/security.md).
        limits: {
          memoryMb: config.MODEL_RUN_MEMORY_MB,
          wallSeconds: config.MODEL_RUN_WALL_SECONDS,
          fileSizeMb: config.MODEL_RUN_DISK_MB + 1,
        },
      };
      timings.mark('lookups');
      await rm(hostDir, { recursive: true, force: true });
      await mkdir(path.join(hostDir, 'inputs'), { recursive: true, mode: 0o700 });
      const inputs = await writeInputs(deps, started, hostDir);
      timings.mark('inputs');
      let logged = 0;
      log = new RunLog(db, started.id);
      sandbox = pool.acquire(spec);
      warm = sandbox.served > 0;
      const result = await runFunction({
        ...spec,
        sandbox,
        runName: started.id,
        diskMb: config.MODEL_RUN_DISK_MB,
        module: source.moduleName,
        functionName: source.algorithm.functionName,
        inputs,
        hostDir,
        signal: ctx.signal,
        onLog: (stream, text) => {
          log?.add(text);
          if (logged > MAX_LOG_CHARS) return;
          logged += text.length;
          deps.realtime.emit(
            model.projectId,
            'modelRun:log',
            { _id: started.id, modelId: model.id, stream, text },
            { area: RUN_AREAS },
          );
        },
      });
      await log.close(); // kept before the run says how it ended
      timings.mark('python');
      if (result.outcome === 'cancelled' || ctx.signal.aborted) {
        // Stopped: by a user's Cancel, or by the job's timeout or a shutdown (then it failed, saying so).
        const cancelRequested = (await findModelRun(db, started.id))?.cancelRequestedAt;
        if (!cancelRequested) throw new RunFailure('interrupted', JOB_MESSAGES.interrupted);
        await settle('cancelled', { error: null });
        return { message: 'Cancelled' };
      }
      if (result.outcome !== 'ok') {
        const kind: RunFailureKind =
          result.outcome === 'memory' || result.outcome === 'timeout' || result.outcome === 'disk'
            ? result.outcome
            : 'error';
        throw new RunFailure(kind, result.error ?? 'The run failed');
      }
      const produced: ProducedOutput[] = result.outputs.map((o) => ({ name: o.name, file: o.file, format: 'parquet' }));
      if (!produced.length && result.result !== undefined && result.result !== null) {
        const file = path.join(hostDir, 'result-row.json');
        const value = result.result;
        const row = typeof value === 'object' && !Array.isArray(value) ? value : { result: value };
        await writeFile(file, JSON.stringify(row), { flag: 'wx' });
        produced.push({ name: 'output', file, format: 'json' });
      }
      if (ctx.signal.aborted) throw new RunFailure('interrupted', JOB_MESSAGES.interrupted);
      const { written, refreshStats } = await storeOutputs(deps, model, started, produced);
      timings.mark('stored');
      await settle('finished', { outputs: written, error: null });
      timings.mark('finished');
      ctx.log.info({ runId: started.id, warm, ms: timings.marks }, 'model run timings');
      statsLater(
        written.map((output) => output.dataset._id),
        refreshStats,
      );
      return {};
    } catch (error) {
      const kind = error instanceof RunFailure ? error.kind : 'error';
      const message = (error instanceof Error ? error.message : String(error)).slice(-MAX_ERROR_CHARS);
      await settle('failed', { failureKind: kind, error: message });
      ctx.log.info({ runId: started.id, kind }, 'model run failed');
      return { message: message.split('\n')[0] };
    } finally {
      await log?.close();
      // Its folder stays in the sandbox's until the next run there (the harness empties it) or the sandbox's end
      // (the pool removes it once every process is gone): the host never removes what a live sandbox can change.
      if (sandbox) pool.release(sandbox);
      await rm(hostDir, { recursive: true, force: true }).catch(() => undefined);
    }
  };
}

/** How long the outputs' statistics wait for the next run writing the same datasets (the last one refreshes). */
export const OUTPUT_STATS_DELAY_MS = 2000;

/**
 * The outputs' statistics and previews (the dataset page's convenience, and the joins reading them) follow the data
 * a quiet moment after the last run that wrote them, apart from the runs: a burst of runs never waits for them,
 * nor holds a worker's slot while they are computed. Pending refreshes are dropped when the app closes.
 */
export function outputStatsLater(log: FastifyBaseLogger): LaterPerKey {
  return new LaterPerKey(OUTPUT_STATS_DELAY_MS, (err, datasetIds) =>
    log.warn({ err, datasetIds }, "could not refresh a model's output datasets"),
  );
}

function refreshLater(later: LaterPerKey) {
  return (datasetIds: string[], refresh: () => Promise<void>) => {
    if (datasetIds.length) later.schedule([...datasetIds].sort().join(','), refresh);
  };
}

/** Where a run's time goes (logged at info once it finished; bench/runner reads it): ms since the handler began. */
function runTimings() {
  const t0 = performance.now();
  const marks: Record<string, number> = {};
  const mark = (name: string, ms = performance.now() - t0) => {
    marks[name] = Math.round(ms);
  };
  return { marks, mark };
}

/**
 * The run's inputs for the harness: a dataframe's dataset written as hostDir/inputs/input_{n}.parquet with its
 * feature names (runFunction copies it into the run's folder).
 */
async function writeInputs(
  { db, storage }: Pick<ModelsDeps, 'db' | 'storage'>,
  run: ModelRunRow,
  hostDir: string,
): Promise<RunInput[]> {
  const inputs: RunInput[] = [];
  for (const [index, input] of run.inputs.entries()) {
    const type = input.dataType as RunInput['type'];
    if (type !== 'dataframe') {
      inputs.push({ name: input.varName, type, value: input.value });
      continue;
    }
    const dataset = await findDataset(db, String(input.value));
    if (!dataset || dataset.projectId !== run.projectId) {
      throw new RunFailure('input', `dataframe not found: ${String(input.value)}`);
    }
    const target = path.join(hostDir, 'inputs', `input_${index}.parquet`);
    const jobIds = (await importedJobs(db, dataset.id)).map((j) => j.jobId);
    await withSegmentPaths(storage, dataset.id, jobIds, (segments) =>
      writeNamedParquet({ segments, columns: dataset.columns, target }),
    );
    inputs.push({ name: input.varName, type, value: target });
  }
  return inputs;
}
