/**
 * What bench/runner/models.ts drives on the real server: a project, a package uploaded as a zip and built (real
 * pip, real bubblewrap), a dataset imported from a CSV, models of the package's functions, and the project's live
 * channel (socket.io, as the web app opens it) where every run's status change is stamped on arrival.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectNamespace, REALTIME_PATH } from '@tessera/shared';
import { io, type Socket } from 'socket.io-client';
import { uploadFile } from '../support/http.ts';
import type { StartedServer } from '../support/server.ts';

/** The model functions: a small one, a pandas one over a dataset input, and one that sleeps (to cancel it). */
export const MODEL_CODE = [
  'import time',
  'import pandas as pd',
  '',
  'def summary(n: int = 3) -> dict:',
  '    return {"n": n, "square": n * n}',
  '',
  'def totals(df: pd.DataFrame, factor: float = 2.0) -> pd.DataFrame:',
  '    out = df.groupby("region", as_index=False)["amount"].sum()',
  '    out["amount"] = out["amount"] * factor',
  '    return out.sort_values("region")',
  '',
  'def sleepy(seconds: int = 60) -> dict:',
  '    print("sleeping", flush=True)',
  '    time.sleep(seconds)',
  '    return {"done": 1}',
  '',
].join('\n');

/** A CSV of `rows` orders over six regions (deterministic). */
export function salesCsv(rows: number): string {
  const regions = ['north', 'south', 'east', 'west', 'centre', 'overseas'];
  const lines = ['order_id,region,amount'];
  for (let i = 0; i < rows; i++) lines.push(`${i},${regions[i % 6]},${((i * 7919) % 1000) / 10}`);
  return `${lines.join('\n')}\n`;
}

export function zip(files: Record<string, string>): Buffer {
  const script =
    'import io, json, sys, zipfile\nbuf = io.BytesIO()\nwith zipfile.ZipFile(buf, "w") as z:\n    for k, v in json.load(sys.stdin).items(): z.writestr(k, v)\nsys.stdout.buffer.write(buf.getvalue())';
  return execFileSync('python3', ['-c', script], { input: JSON.stringify(files) });
}

/** POST of a multipart form with a zip (field `zipfile`), as the Upload Package dialog sends it. */
export function postZip(
  server: Pick<StartedServer, 'base' | 'token'>,
  url: string,
  fields: Record<string, string>,
  bytes: Buffer,
) {
  const b = `----bench${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const head = `--${b}\r\nContent-Disposition: form-data; name="zipfile"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(parts.join('') + head), bytes, Buffer.from(`\r\n--${b}--\r\n`)]);
  return new Promise<{ _id: string }>((resolve, reject) => {
    const req = http.request(server.base + url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.token}`,
        'content-type': `multipart/form-data; boundary=${b}`,
        'content-length': body.length,
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(text))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface PackageDetail {
  _id: string;
  status: string;
  errorLog?: string;
  modules: { algorithms: { _id: string; functionName: string }[] }[];
}

const SETTLED = new Set(['finished', 'failed', 'cancelled', 'expired']);

export interface ModelsWorld {
  projectId: string;
  pkg: PackageDetail;
  datasetId: string;
  /** A model of the function, its inputs' defaults as discovery found them. */
  model(functionName: string): Promise<string>;
  /** POST execute; answers the run's id. */
  execute(modelId: string, inputs?: { varName: string; value: unknown }[]): Promise<string>;
  /** When (performance.now()) the live channel said the run reached `status`; waits for it (or throws after 10 min). */
  shown(runId: string, status: string): Promise<number>;
  /** When the run settled (finished, failed, cancelled) and how. */
  settled(runId: string): Promise<{ at: number; status: string }>;
  /** The first printed line of a run arrived (its Python is up and running the function). */
  printed(runId: string): Promise<number>;
  close(): void;
}

export async function modelsWorld(server: StartedServer, csvFile: string, rows: number): Promise<ModelsWorld> {
  const project = await server.call<{ _id: string }>('POST', '/api/v1/projects', { name: 'Bench models' });
  const projectId = project._id;
  const pkg = await builtPackage(server, projectId, {
    'requirements.txt': 'pandas\npyarrow\n',
    'model.py': MODEL_CODE,
  });

  await writeFile(csvFile, salesCsv(rows));
  const dataset = await server.call<{ _id: string }>('POST', '/api/v1/datasets', { name: 'sales', projectId });
  const job = await uploadFile(server.base, `/api/v1/datasets/${dataset._id}/upload`, server.token, csvFile);
  for (;;) {
    const { jobs } = await server.call<{ jobs: { _id: string; status: string; message?: string }[] }>(
      'GET',
      `/api/v1/datasets/${dataset._id}/jobs`,
    );
    const mine = jobs.find((j) => j._id === job._id);
    if (mine?.status === 'completed') break;
    if (mine?.status === 'failed') throw new Error(`the import failed: ${mine.message}`);
    await sleep(100);
  }

  const live = await liveRuns(server, projectId);
  return {
    projectId,
    pkg,
    datasetId: dataset._id,
    model: (name) => modelOf(server, pkg, name),
    execute: (modelId, inputs = []) => execute(server, modelId, inputs),
    ...live,
  };
}

/** A package of `files` uploaded as a zip into the project and built (real pip, real bubblewrap, Python 3.11). */
export async function builtPackage(
  server: StartedServer,
  projectId: string,
  files: Record<string, string>,
): Promise<PackageDetail> {
  const uploaded = await postZip(
    server,
    `/api/v1/packages/upload?projectId=${projectId}`,
    { name: 'bench', baseImage: '3.11', projectId },
    zip(files),
  );
  let pkg = await server.call<PackageDetail>('GET', `/api/v1/packages/${uploaded._id}`);
  while (pkg.status !== 'built' && pkg.status !== 'failed') {
    await sleep(200);
    pkg = await server.call<PackageDetail>('GET', `/api/v1/packages/${uploaded._id}`);
  }
  if (pkg.status !== 'built') throw new Error(`the package build failed: ${pkg.errorLog}`);
  return pkg;
}

/** A model of the package's function, its inputs' defaults as discovery found them. */
export async function modelOf(server: StartedServer, pkg: PackageDetail, functionName: string): Promise<string> {
  const found = pkg.modules.flatMap((m) => m.algorithms).find((a) => a.functionName === functionName);
  if (!found) throw new Error(`no function ${functionName}`);
  return (await server.call<{ _id: string }>('POST', `/api/v1/algorithms/${found._id}/createModel`, {}))._id;
}

/** POST execute (a click on Run); answers the run's id. */
export async function execute(
  server: StartedServer,
  modelId: string,
  inputs: { varName: string; value: unknown }[] = [],
): Promise<string> {
  return (await server.call<{ _id: string }>('POST', `/api/v1/models/${modelId}/execute`, { inputs }))._id;
}

export type LiveRuns = Pick<ModelsWorld, 'shown' | 'settled' | 'printed' | 'close'>;

/** Every status change of every run of the project, stamped on arrival, as the web app's project channel gets them. */
export async function liveRuns(server: StartedServer, projectId: string): Promise<LiveRuns> {
  const seen = new Map<string, number>();
  const waiters = new Map<string, () => void>();
  const stamp = (key: string) => {
    if (!seen.has(key)) seen.set(key, performance.now());
    waiters.get(key)?.();
  };
  const socket: Socket = io(`${server.base}${projectNamespace(projectId)}`, {
    path: REALTIME_PATH,
    auth: { token: server.token },
    transports: ['websocket'],
  });
  const settledAs = new Map<string, string>();
  socket.on('modelRun:updated', (run: { _id: string; status: string; error?: string | null }) => {
    if (SETTLED.has(run.status) && !settledAs.has(run._id)) {
      settledAs.set(run._id, run.status === 'failed' ? `failed: ${run.error}` : run.status);
      stamp(`${run._id}:settled`);
    }
    stamp(`${run._id}:${run.status}`);
  });
  socket.on('modelRun:log', (log: { _id: string }) => stamp(`${log._id}:printed`));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const waitFor = (key: string) => {
    const at = seen.get(key);
    if (at !== undefined) return Promise.resolve(at);
    return new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`never shown: ${key}`)), 600_000);
      waiters.set(key, () => {
        clearTimeout(timer);
        waiters.delete(key);
        resolve(seen.get(key) as number);
      });
    });
  };
  return {
    shown: (runId, status) => waitFor(`${runId}:${status}`),
    printed: (runId) => waitFor(`${runId}:printed`),
    settled: async (runId) => {
      const at = await waitFor(`${runId}:settled`);
      return { at, status: settledAs.get(runId) as string };
    },
    close: () => socket.disconnect(),
  };
}

/** The package's first revision and its environment's python, in the server's DATA_DIR (the plain baseline's). */
export async function packagePaths(server: StartedServer, pkgId: string) {
  const envs = (await readdir(path.join(server.dataDir, 'envs'))).filter(
    (name) => !name.includes('.tmp') && !name.endsWith('.lock'),
  );
  if (envs.length !== 1) throw new Error(`expected one environment, found ${envs.join(', ')}`);
  return {
    revision: path.join(server.dataDir, 'packages', pkgId, '1'),
    python: path.join(server.dataDir, 'envs', envs[0], 'bin', 'python'),
  };
}
