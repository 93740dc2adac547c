import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findInterpreters, type Interpreter } from './interpreters.ts';

/** Test helpers: the real interpreters and real zips written by Python's zipfile (symlinks included). */
export async function interpreter(version: string): Promise<Interpreter> {
  const found = (await findInterpreters()).find((i) => i.version === version && i.available);
  if (!found) throw new Error(`Python ${version} is needed by this test and is not installed`);
  return found;
}

/**
 * The Python environments every test file shares (TESSERA_TEST_ENVS_DIR, default {tmp}/tessera-test-envs), as
 * production shares DATA_DIR/envs: content-addressed folders, built once (another process building the same one
 * is waited for) and never changed, so a pandas or dash environment costs one cold build per machine, not one
 * per test file. Tests of cold builds themselves use a folder of their own.
 */
export function sharedEnvsDir(): string {
  return path.resolve(process.env.TESSERA_TEST_ENVS_DIR || path.join(os.tmpdir(), 'tessera-test-envs'));
}

export interface ZipItem {
  name: string;
  text?: string;
  /** Unix mode bits of the entry (0o120777 makes a symlink whose target is `text`). */
  mode?: number;
}

export async function writeZip(file: string, items: ZipItem[]): Promise<string> {
  const py = await interpreter('3.11');
  const script = [
    'import json, sys, zipfile',
    'items = json.load(sys.stdin)',
    'with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:',
    '    for item in items:',
    '        info = zipfile.ZipInfo(item["name"])',
    '        info.create_system = 3',
    '        info.external_attr = (item.get("mode") or 0o100644) << 16',
    '        z.writestr(info, item.get("text", ""), zipfile.ZIP_DEFLATED)',
  ].join('\n');
  execFileSync(py.path, ['-c', script, file], { input: JSON.stringify(items) });
  return file;
}

export function writeTree(root: string, files: Record<string, string>): string {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}
