import { z } from 'zod';
import { id } from '../http/ids.ts';
import { PACKAGE_BUILD_KINDS, PACKAGE_STATUSES } from './constants.ts';

/** A function parameter as discovery read it, typed for a model's inputs. */
export const algorithmParamSchema = z.object({
  name: z.string(),
  type: z.string(),
  default: z.unknown(),
  hasDefault: z.boolean(),
  options: z.array(z.unknown()).nullable(),
});
export type AlgorithmParam = z.infer<typeof algorithmParamSchema>;

export const algorithmSummarySchema = z.object({ _id: id, name: z.string(), functionName: z.string() });

export const packageModuleSchema = z.object({
  _id: id,
  name: z.string(),
  filename: z.string(),
  /** Why discovery could not read this module (a syntax error...), null when it could. */
  error: z.string().nullable(),
  algorithms: z.array(algorithmSummarySchema),
});

export const dashAppSchema = z.object({ name: z.string(), module: z.string(), variable: z.string() });
export type DashApp = z.infer<typeof dashAppSchema>;

/** A package (GET packages/{id}). */
export const packageSchema = z.object({
  _id: id,
  name: z.string(),
  description: z.string(),
  filename: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  modules: z.array(packageModuleSchema),
  errorLog: z.string(),
  timeCreated: z.string(),
  lastUpdated: z.string(),
  userId: id.nullable(),
  /** The uploader's name, as the package page shows it. */
  user: z.object({ id: id.nullable(), name: z.string().nullable() }),
  projectId: id,
  baseImage: z.string(),
  revision: z.number().int(),
  dashApps: z.array(dashAppSchema),
  /** The models using it (filled by the models area). */
  usedIn: z.array(z.object({ modelId: id, modelName: z.string(), algorithmName: z.string(), onboarded: z.boolean() })),
});
export type Package = z.infer<typeof packageSchema>;

/** A function of a package that a model can run (GET algorithms/{id}). */
export const algorithmSchema = z.object({
  _id: id,
  name: z.string(),
  packageId: id,
  moduleId: id,
  functionName: z.string(),
  projectId: id,
  params: z.array(algorithmParamSchema),
  returns: z.string().nullable(),
  doc: z.string(),
});
export type Algorithm = z.infer<typeof algorithmSchema>;

export const pythonVersionSchema = z.object({
  version: z.string(),
  available: z.boolean(),
  /** Why it cannot be chosen, when it cannot. */
  reason: z.string().nullable(),
});
export const pythonVersionsSchema = z.object({
  versions: z.array(pythonVersionSchema),
  /** The base image offered first: the operator's DEFAULT_PYTHON, else the newest the index serves the usual libraries for. */
  default: z.string(),
  sandbox: z.object({ enabled: z.boolean(), message: z.string().nullable() }),
});
export type PythonVersions = z.infer<typeof pythonVersionsSchema>;

/** The live channel's package events: a build step of one kind (upload, commit, env...) started, succeeded or failed. */
export const packageEventSchema = z.object({
  _id: id,
  name: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  kind: z.enum(PACKAGE_BUILD_KINDS).nullable(),
  phase: z.enum(['started', 'succeeded', 'failed', 'updated']),
  message: z.string().nullable(),
});
export type PackageEvent = z.infer<typeof packageEventSchema>;
