import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Bind } from './sandbox.ts';

const run = promisify(execFile);

/** What a build needs to know about pip for one interpreter: where pip's code is and the operator's settings. */
export interface PipSetup {
  /** The interpreter's own pip package folder (pip vendors its dependencies: this folder alone runs it). */
  pipDir: string;
  pipVersion: string;
  /** The operator's effective pip settings (config files and PIP_* variables), option name → value. */
  settings: Record<string, string>;
}

const PROBE = [
  'import os, sys, io, contextlib, pip',
  'print(os.path.dirname(pip.__file__)); print(pip.__version__)',
  'from pip._internal.cli.main import main',
  'sys.exit(main(["config", "list"]))',
].join('\n');

const SECTION_ORDER = ['global', 'install', ':env:'];

/** Parses `pip config list` lines (`global.index-url='…'`, `:env:.find-links='…'`), later sections winning. */
export function parseConfigList(output: string): Record<string, string> {
  const bySection = new Map<string, Record<string, string>>();
  for (const line of output.split('\n')) {
    const match = /^(.+?)\.([A-Za-z0-9_-]+)='(.*)'$/.exec(line.trim());
    if (!match) continue;
    const [, section, key, value] = match;
    if (!SECTION_ORDER.includes(section)) continue;
    const bucket = bySection.get(section) ?? {};
    bucket[key.replaceAll('_', '-')] = value;
    bySection.set(section, bucket);
  }
  return Object.assign({}, ...SECTION_ORDER.map((s) => bySection.get(s) ?? {}));
}

const setups = new Map<string, Promise<PipSetup>>();

/** Finds pip and the operator's settings for an interpreter, once per interpreter. */
export function pipSetup(interpreterPath: string): Promise<PipSetup> {
  let setup = setups.get(interpreterPath);
  if (!setup) {
    setup = run(interpreterPath, ['-c', PROBE], { timeout: 60_000 }).then(({ stdout }) => {
      const [pipDir, pipVersion, ...rest] = stdout.split('\n');
      return { pipDir: pipDir.trim(), pipVersion: pipVersion.trim(), settings: parseConfigList(rest.join('\n')) };
    });
    setup.catch(() => setups.delete(interpreterPath));
    setups.set(interpreterPath, setup);
  }
  return setup;
}

/** The settings as PIP_* variables for the sandbox (which sees neither the server's variables nor its home). */
export function settingsAsEnv(settings: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(settings)) env[`PIP_${key.toUpperCase().replaceAll('-', '_')}`] = value;
  return env;
}

const PATH_OPTIONS = ['index-url', 'extra-index-url', 'find-links', 'constraint', 'requirement', 'cert', 'client-cert'];

/** Local folders and files the settings point at (file:// indexes, find-links, constraints): mounted read-only. */
export function localPathBinds(settings: Record<string, string>): Bind[] {
  const binds = new Map<string, Bind>();
  for (const option of PATH_OPTIONS) {
    for (const raw of (settings[option] ?? '').split(/\s+/).filter(Boolean)) {
      let local = raw.startsWith('file://') ? decodeURIComponent(new URL(raw).pathname) : raw;
      if (!path.isAbsolute(local) || !existsSync(local)) continue;
      local = local.replace(/\/+$/, '');
      // A simple index's pages link to ../../files/…: mount the folder that holds "simple".
      if (path.basename(local) === 'simple' && statSync(local).isDirectory()) local = path.dirname(local);
      binds.set(local, { src: local, dest: local });
    }
  }
  return [...binds.values()];
}

/** The project's defaults for a build, unless the operator set them in the environment. */
export function defaultFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const flags = ['--no-input', '--disable-pip-version-check', '--no-warn-script-location'];
  if (!env.PIP_RETRIES) flags.push('--retries', '1');
  if (!env.PIP_TIMEOUT) flags.push('--timeout', '15');
  if (!env.PIP_ONLY_BINARY && !env.PIP_NO_BINARY) flags.push('--only-binary', ':all:');
  return flags;
}
