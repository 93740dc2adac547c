import path from 'node:path';
import type { Db } from '../../db/client.ts';
import { parseEnv } from './env.ts';
import { envsDir, revisionDir } from './packages.files.ts';
import { findPackage } from './packages.store.ts';

/** What the models module needs to run a function of a package: its built environment and current revision. */
export interface PackageRunSource {
  baseImage: string;
  envPath: string;
  packageDir: string;
  env: Record<string, string>;
}

/** Undefined while the package is missing or not built. */
export async function packageRunSource(
  db: Db,
  config: { DATA_DIR: string; PYTHON_ENVS_DIR?: string },
  packageId: string,
): Promise<PackageRunSource | undefined> {
  const pkg = await findPackage(db, packageId);
  if (pkg?.status !== 'built' || !pkg.envKey) return undefined;
  return {
    baseImage: pkg.baseImage,
    envPath: path.join(envsDir(config), pkg.envKey),
    packageDir: revisionDir(config.DATA_DIR, pkg.id, pkg.revision),
    env: parseEnv(pkg.env).vars,
  };
}
