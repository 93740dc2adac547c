import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Interpreter } from './interpreters.ts';
import { pathsFor, runSandboxed } from './sandbox.ts';

/** The model input types (docs/writing-a-package.md). */
export type InputType = 'boolean' | 'integer' | 'float' | 'string' | 'date' | 'dictionary' | 'list' | 'dataframe';

export interface DiscoveredParam {
  name: string;
  /** The annotation as written, e.g. "Optional[str]"; null when there is none. */
  annotation: string | null;
  type: InputType;
  /** Select options, from `Literal[...]` or an Enum defined in the module. */
  options: unknown[] | null;
  nullable: boolean;
  hasDefault: boolean;
  /** The default as JSON when it is a literal (an Enum member gives its value), else null. */
  default: unknown;
  /** The default's source text when it is not a literal (e.g. a call). */
  defaultSource?: string;
  kind: 'positional_only' | 'positional_or_keyword' | 'var_positional' | 'keyword_only' | 'var_keyword';
}

export interface DiscoveredFunction {
  name: string;
  line: number;
  params: DiscoveredParam[];
  returns: string | null;
  returnType: InputType | null;
  doc: string | null;
}

export interface DiscoveredModule {
  /** Dotted module name ("pkg.sub.mod"; a folder's `__init__.py` is the folder's name). */
  name: string;
  /** Path relative to the package root, '/'-separated. */
  filename: string;
  functions: DiscoveredFunction[];
  /** Set when the module could not be parsed (its functions are then empty). */
  error?: string;
}

export interface DashAppRef {
  name: string;
  module: string;
  variable: string;
}

export interface Discovery {
  modules: DiscoveredModule[];
  dashApps: DashAppRef[];
}

/**
 * Reads a package's modules, functions and Dash apps with the package's own interpreter and Python's `ast`, in the
 * sandbox: the package's code is parsed, never imported. A module with a syntax error carries `error`.
 */
export async function discoverPackage(interpreter: Interpreter, packageDir: string): Promise<Discovery> {
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'tessera-discover-'));
  try {
    const paths = await pathsFor({ packageDir, runDir });
    let stdout = '';
    let stderr = '';
    const result = await runSandboxed({
      interpreter,
      packageDir,
      runDir,
      argv: [interpreter.path, '-I', '-S', `${paths.runner}/discover.py`, paths.pkg],
      limits: { memoryMb: 512, wallSeconds: 60 },
      onStdout: (chunk) => {
        stdout += chunk;
      },
      onStderr: (chunk) => {
        stderr += chunk;
      },
    });
    if (result.outcome !== 'ok') throw new Error(`Function discovery failed (${result.outcome}): ${stderr.trim()}`);
    return JSON.parse(stdout) as Discovery;
  } finally {
    await rm(runDir, { recursive: true, force: true });
  }
}

/** The modules of a package (see discoverPackage, which also gives its Dash apps). */
export async function discoverFunctions(interpreter: Interpreter, packageDir: string): Promise<DiscoveredModule[]> {
  return (await discoverPackage(interpreter, packageDir)).modules;
}
