import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver) standing in for S3 in tests: a random port, a temporary folder, one
 * bucket. The code under test speaks to it with the same SDK calls as to S3 (path-style addressing); its
 * credentials are s3rver's fixed pair.
 */
export interface S3Server {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The settings and variables a Tessera process needs to use it (with a prefix of the caller's). */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'tessera-test'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tessera-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    credentials,
    env: (prefix = '') => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ''}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    }),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
