import type { PackageBuildKind, PackageStatus } from '@tessera/shared';
import { newId } from '../../platform/ids.ts';
import type { JobContext } from '../../platform/jobs/index.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';
import { discoverPackage, ensureEnvironment, interpreterFor } from '../../runner/index.ts';
import { envsDir } from './packages.files.ts';
import { packageSourcesOf } from './packages.sources.ts';
import { findPackage, replaceDiscovery, updatePackageRow } from './packages.store.ts';

export interface BuildJobData {
  packageId: string;
  /** The revision the job builds (a newer upload makes this job's result stale: it then changes nothing). */
  revision: number;
  kind: PackageBuildKind;
  /** Read the functions again (a new revision). */
  discover: boolean;
  /** Build (or find) the environment for the requirements. */
  install: boolean;
}

import type { PackagesDeps } from './packages.deps.ts';

/** The most of pip's output kept in a failed build's error log. */
const MAX_ERROR_LOG_CHARS = 20_000;

/**
 * A package's build (docs/writing-a-package.md): queued → parsing (function discovery, never importing the
 * user's code) → installing (the environment for its requirements, shared with every package that has the
 * same ones) → built; any failure → failed with the error log (pip's own lines). A Python version the server
 * lacks fails the build with a message naming it. Every step is told on the project's live channel.
 */
export function buildHandler(deps: PackagesDeps) {
  return async (ctx: JobContext<BuildJobData>): Promise<{ message?: string }> => {
    const { db, config } = deps;
    const { packageId, revision, kind } = ctx.data;
    const current = async () => {
      const row = await findPackage(db, packageId);
      return row && row.revision === revision ? row : undefined;
    };
    const setStatus = async (status: PackageStatus, change: { errorLog?: string; envKey?: string | null } = {}) => {
      if (ctx.signal.aborted || !(await current())) return undefined;
      return updatePackageRow(db, packageId, { status, ...change });
    };
    const log: string[] = [];
    try {
      const pkg = await current();
      if (!pkg) return { message: 'A newer revision replaced this build' };
      const dir = await packageSourcesOf(deps).revisionFolder(packageId, revision);
      const interpreter = await interpreterFor(pkg.baseImage);
      if (ctx.data.discover) {
        await setStatus('parsing');
        await ctx.progress(0.1, 'Parsing Functions');
        const found = await discoverPackage(interpreter, dir);
        if (ctx.signal.aborted || !(await current())) return {};
        await db.transaction(async (tx) => {
          await replaceDiscovery(
            tx,
            pkg,
            found.modules.map((m) => ({
              name: m.name,
              filename: m.filename,
              error: m.error ?? null,
              functions: m.functions.map((f) => ({
                functionName: f.name,
                params: f.params.map((p) => ({
                  name: p.name,
                  type: p.type,
                  default: p.default,
                  hasDefault: p.hasDefault,
                  options: p.options,
                })),
                returns: f.returns ?? null,
                doc: f.doc ?? '',
              })),
            })),
            newId,
          );
          await updatePackageRow(tx, packageId, { dashApps: found.dashApps });
        });
      }
      let envKey = pkg.envKey;
      if (ctx.data.install || !envKey) {
        await setStatus('installing');
        await ctx.progress(0.3, 'Preparing Environment');
        const built = await ensureEnvironment({
          interpreter,
          requirements: pkg.dependencies,
          envsDir: envsDir(config),
          log: (line: string) => void log.push(line),
          signal: ctx.signal,
        });
        envKey = built.key;
      }
      const done = await setStatus('built', { errorLog: '', envKey });
      if (done) announce(deps.realtime, done, kind, 'succeeded', null);
      return {};
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(-MAX_ERROR_LOG_CHARS);
      const failed = await setStatus('failed', { errorLog: message });
      if (failed) announce(deps.realtime, failed, kind, 'failed', message);
      ctx.log.info({ packageId, revision, lines: log.length }, 'package build failed');
      throw new Error(message.split('\n')[0] || 'Package build failed', { cause: error });
    }
  };
}

export function announce(
  realtime: RealtimeGateway,
  row: { id: string; projectId: string; name: string; status: PackageStatus },
  kind: PackageBuildKind | null,
  phase: 'started' | 'succeeded' | 'failed' | 'updated',
  message: string | null,
) {
  realtime.emit(
    row.projectId,
    'package:updated',
    { _id: row.id, name: row.name, status: row.status, kind, phase, message },
    { area: 'package' },
  );
}
