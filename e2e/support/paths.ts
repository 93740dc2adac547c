import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverMain = path.join(repoRoot, 'packages/server/src/main.ts');
export const webDist = path.join(repoRoot, 'packages/web/dist');
/** Gitignored (`screenshots/`): what the journeys saw, for a person to look at. */
export const screenshotDir = path.join(repoRoot, 'e2e/screenshots');
