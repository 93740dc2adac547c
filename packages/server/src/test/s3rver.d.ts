/**
 * s3rver ships no type declarations; this covers the part the tests' S3 stand-in uses (src/test/s3Server.ts).
 * Test-only: the server itself speaks to S3 through the AWS SDK.
 */
declare module 's3rver' {
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
