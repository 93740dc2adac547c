import { z } from 'zod';
import { PUBLIC } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';

/** The object store's local cache of this process (docs/operations.md, "Object storage"), since it started. */
export const storageCacheStats = z.object({
  hits: z.number().int(),
  misses: z.number().int(),
  bytesFetched: z.number().int(),
  evictions: z.number().int(),
  files: z.number().int(),
  bytes: z.number().int(),
  maxBytes: z.number().int(),
});

export const health = endpoint({
  method: 'GET',
  path: '/api/v1/health',
  access: PUBLIC,
  response: z.object({
    status: z.literal('ok'),
    version: z.string(),
    database: z.enum(['pglite', 'postgres']),
    /** Where the shared files are: a folder, or an S3-compatible bucket read through this process's cache. */
    storage: z.object({ kind: z.enum(['folder', 's3']), cache: storageCacheStats.optional() }).optional(),
  }),
});
