import type { Db } from '../../db/client.ts';
import type { Storage } from '../../platform/storage/index.ts';
import { ensureEnvironment, interpreterFor } from '../../runner/index.ts';
import { parseEnv } from './env.ts';
import { envsDir } from './packages.files.ts';
import { packageSourcesOf } from './packages.sources.ts';
import { findPackage, type PackageWithUser } from './packages.store.ts';

/** What the models module needs to run a function of a package: its built environment and current revision. */
export interface PackageRunSource {
  baseImage: string;
  envPath: string;
  packageDir: string;
  env: Record<string, string>;
}

/** The package when it is built (its functions can run), else undefined. */
export async function builtPackage(db: Db, packageId: string): Promise<PackageWithUser | undefined> {
  const pkg = await findPackage(db, packageId);
  return pkg?.status === 'built' && pkg.envKey ? pkg : undefined;
}

/**
 * Undefined while the package is missing or not built. This node's copy of the current revision and its
 * environment are made on first need (from the sources in the shared storage; the environment named by its
 * content, as the build made it on its own node).
 */
export async function packageRunSource(
  ctx: { db: Db; storage: Storage; config: { DATA_DIR: string; PYTHON_ENVS_DIR?: string } },
  packageId: string,
  signal?: AbortSignal,
): Promise<PackageRunSource | undefined> {
  const pkg = await builtPackage(ctx.db, packageId);
  if (!pkg?.envKey) return undefined;
  const packageDir = await packageSourcesOf(ctx).revisionFolder(pkg.id, pkg.revision);
  const env = await ensureEnvironment({
    interpreter: await interpreterFor(pkg.baseImage),
    requirements: pkg.dependencies,
    envsDir: envsDir(ctx.config),
    log: () => {},
    ...(signal ? { signal } : {}),
  });
  return {
    baseImage: pkg.baseImage,
    envPath: env.envPath,
    packageDir,
    env: parseEnv(pkg.env).vars,
  };
}
