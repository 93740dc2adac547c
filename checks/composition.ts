import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repositoryRoot } from './boundaries.ts';

const MODULES = 'packages/server/src/modules';

/**
 * A module's composition files, the only ones that take the Fastify app (docs/architecture.md "How a service gets
 * what it uses"): its entry (`index.ts`, the `ServerModule`), its routes plugins (`*.routes.ts`) and its jobs
 * registration (`*.jobs.ts`). Tests and test fixtures build services from a test app, through these.
 */
const COMPOSITION = /(^|\/)index\.ts$|\.routes\.ts$|\.jobs\.ts$/;
const TESTS = /\.test\.ts$|\.fixtures?\.ts$/;

/** An import of the type `FastifyInstance` from fastify (alone or among other names, `type` or not). */
const IMPORTS_THE_APP = /import\s+(type\s+)?\{[^}]*\bFastifyInstance\b[^}]*\}\s*from\s*['"]fastify['"]/;

/**
 * The files under packages/server/src/modules of the tree at `baseDir` (the repository, or a fixture tree shaped
 * like it) that import `FastifyInstance` without being composition files or tests: paths from `baseDir`, sorted.
 */
export async function filesTakingTheApp(baseDir = repositoryRoot): Promise<string[]> {
  const root = path.join(baseDir, MODULES);
  const found: string[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const file = path.relative(baseDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (COMPOSITION.test(file) || TESTS.test(file)) continue;
    if (IMPORTS_THE_APP.test(await readFile(path.join(baseDir, file), 'utf8'))) found.push(file);
  }
  return found.sort();
}
