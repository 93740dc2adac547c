import type { TestProject } from 'vitest/node';
import type { ProvidedS3 } from './harness.ts';
import { startS3Server } from './s3Server.ts';

/**
 * `TEST_STORAGE=s3`: the server's tests run with an S3-compatible store (s3rver, started once here) instead of the
 * folder; each test app gets a prefix of its own in its bucket (test/harness.ts). Otherwise nothing starts. Set in
 * the environment, or in a project's `env` (the root vitest.config.ts gives it to the PostgreSQL run).
 */
export default async function setup(project: TestProject) {
  if ((process.env.TEST_STORAGE ?? project.config.env?.TEST_STORAGE) !== 's3') return;
  const server = await startS3Server();
  const provided: ProvidedS3 = { endpoint: server.endpoint, bucket: server.bucket, ...server.credentials };
  (project.provide as (key: string, value: unknown) => void)('s3Storage', provided);
  return () => server.close();
}
