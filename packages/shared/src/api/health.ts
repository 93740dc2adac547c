import { z } from 'zod';
import { PUBLIC } from '../http/access.ts';
import { endpoint } from '../http/endpoint.ts';

export const health = endpoint({
  method: 'GET',
  path: '/api/v1/health',
  access: PUBLIC,
  response: z.object({ status: z.literal('ok'), version: z.string(), database: z.enum(['pglite', 'postgres']) }),
});
