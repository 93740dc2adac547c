import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { inFolderLayout, storeFolderLayout } from './modules/packages/index.ts';
import { copyFolderToStorage, type MigrationCount, openStorage, SHARED_AREAS } from './platform/storage/index.ts';

/**
 * `npm run storage:migrate`: moves an installation's shared files from its folder (STORAGE_DIR, else DATA_DIR)
 * into the bucket STORAGE_URL names, with the server's own settings (S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE,
 * the AWS credentials). Run it with the servers stopped, then start them with STORAGE_URL set
 * (docs/operations.md, "Moving a folder into a bucket"). It copies and never deletes: the folder stays as it was,
 * and a second run copies only what is missing or differs in size. Packages of the folder layout are stored in the
 * bucket the new way (the packages module's conversion), not copied: a server on a bucket reads only that one.
 * Exits 1 saying why when it cannot start.
 */
function refuse(message: string): never {
  process.stderr.write(`storage:migrate: ${message}\n`);
  process.exit(1);
}

const megabytes = (count: MigrationCount) => `${count.files} files, ${(count.bytes / 1e6).toFixed(1)} MB`;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    refuse((error as Error).message);
  }
  if (!config.STORAGE_URL) {
    refuse(
      'STORAGE_URL names no bucket: set STORAGE_URL=s3://bucket/prefix (and S3_ENDPOINT, S3_FORCE_PATH_STYLE and the AWS credentials as the server would use them)',
    );
  }
  const folder = path.resolve(config.STORAGE_DIR ?? config.DATA_DIR);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    refuse(`The folder to move, ${folder} (STORAGE_DIR, else DATA_DIR), does not exist`);
  }
  // The bucket's reads would be cached: a cache of this command's own, so that nothing is written in the folder.
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'tessera-storage-migrate-'));
  const target = await openStorage({ ...config, STORAGE_CACHE_DIR: cacheDir });
  const where = `s3://${config.STORAGE_URL.bucket}/${config.STORAGE_URL.prefix}`;
  process.stdout.write(`Moving the shared files of ${folder} (${SHARED_AREAS.join(', ')}) into ${where}\n`);
  try {
    let settled = 0;
    const report = await copyFolderToStorage(folder, target, {
      onFile: () => {
        if (++settled % 100 === 0) process.stdout.write(`  ${settled} files...\n`);
      },
      leave: inFolderLayout,
    });
    process.stdout.write(`Copied: ${megabytes(report.copied)}\n`);
    process.stdout.write(`Already in the bucket (same size), skipped: ${megabytes(report.skipped)}\n`);
    // After the copy: a package of the folder layout that a server on the folder stored the new way is in the bucket.
    const packages = await storeFolderLayout(folder, target, cacheDir);
    process.stdout.write(
      `Package revisions and working copies of the folder layout stored the new way: ${packages.stored}; already stored, skipped: ${packages.present}\n`,
    );
    if (report.ignored.length)
      process.stdout.write(`Not copied (not a name the server writes): ${report.ignored.join(', ')}\n`);
    process.stdout.write(`The folder is unchanged. Start the servers with STORAGE_URL=${where}\n`);
  } catch (error) {
    refuse(`stopped: ${(error as Error).message}. Run it again to copy what is left.`);
  } finally {
    await target.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

await main();
