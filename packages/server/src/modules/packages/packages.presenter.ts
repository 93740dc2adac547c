import type { Algorithm, Package } from '@tessera/shared';
import type { AlgorithmRow, PackageModuleRow, PackageWithUser } from './packages.store.ts';

export interface ModelUse {
  modelId: string;
  modelName: string;
  algorithmName: string;
  onboarded: boolean;
}

export function presentPackage(
  row: PackageWithUser,
  modules: PackageModuleRow[],
  algorithms: AlgorithmRow[],
  usedIn: ModelUse[] = [],
): Package {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    filename: row.filename,
    status: row.status,
    modules: modules
      .filter((m) => m.packageId === row.id)
      .map((m) => ({
        _id: m.id,
        name: m.name,
        filename: m.filename,
        error: m.error,
        algorithms: algorithms
          .filter((a) => a.moduleId === m.id)
          .map((a) => ({ _id: a.id, name: a.name, functionName: a.functionName })),
      })),
    errorLog: row.errorLog,
    timeCreated: row.timeCreated.toISOString(),
    lastUpdated: row.lastUpdated.toISOString(),
    userId: row.userId,
    user: { id: row.userId, name: row.userName },
    projectId: row.projectId,
    baseImage: row.baseImage,
    revision: row.revision,
    dashApps: row.dashApps,
    usedIn,
  };
}

export function presentAlgorithm(row: AlgorithmRow): Algorithm {
  return {
    _id: row.id,
    name: row.name,
    packageId: row.packageId,
    moduleId: row.moduleId,
    functionName: row.functionName,
    projectId: row.projectId,
    params: row.params,
    returns: row.returns,
    doc: row.doc,
  };
}
