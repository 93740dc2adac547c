/**
 * The models runner: interpreters, zip intake, function discovery, environments, the bubblewrap sandbox,
 * function runs and Dash apps. No HTTP and no database here: the packages and models modules build on this.
 */

export { type DashHandle, type StartDashApp, startDashApp } from './dash.ts';
export {
  type DashAppRef,
  type DiscoveredFunction,
  type DiscoveredModule,
  type DiscoveredParam,
  type Discovery,
  discoverFunctions,
  discoverPackage,
  type InputType,
} from './discover.ts';
export {
  addedToEnvironment,
  type EnsureEnvironment,
  type Environment,
  ensureEnvironment,
  environmentKey,
  normaliseRequirements,
} from './envs.ts';
export { BuildFailedError, InterpreterMissingError, SandboxUnavailableError, ZipRejectedError } from './errors.ts';
export { newestServedPython } from './indexBuilds.ts';
export {
  envVarFor,
  findInterpreters,
  type Interpreter,
  interpreterFor,
  PYTHON_VERSIONS,
  type PythonVersion,
} from './interpreters.ts';
export { PLATFORM_ADDITIONS } from './platformRequirements.ts';
export { prepareRunner, type RunnerReport } from './prepare.ts';
export {
  type RunFunction,
  type RunInput,
  type RunOutcome,
  type RunOutput,
  type RunResult,
  runFunction,
} from './run.ts';
export {
  DEFAULT_LIMITS,
  type Outcome,
  type RunLimits,
  runSandboxed,
  type SandboxMode,
  type SandboxResult,
  type SandboxRun,
  type SandboxStatus,
  sandboxStatus,
} from './sandbox.ts';
export { type PoolOptions, type RunSpec, SandboxPool, type ServingSandbox } from './serving.ts';
export { DEFAULT_ZIP_LIMITS, extractZip, listFiles, type ZipLimits } from './zip.ts';
