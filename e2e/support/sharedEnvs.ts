import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Python environments' folder the journeys' servers share (PYTHON_ENVS_DIR): demo.ts. */
    sharedEnvsDir: string;
  }
}

/**
 * Global setup of the e2e project: one folder of Python environments for the run, removed at its end. The
 * journeys on the demo give it to their servers, so that the demo model's environment (pandas) is built once per
 * run instead of once per file; servers sharing the folder build each environment once, under a lock
 * (packages/server/src/runner/envs.ts; docs/configuration.md, PYTHON_ENVS_DIR).
 */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-envs-'));
  project.provide('sharedEnvsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
