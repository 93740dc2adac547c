import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';

/** What the models' services, run job and scheduled runs use; the module's routes and jobs build it (models.jobs.ts). */
export type ModelsDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'jobs'> & {
  realtime: RealtimeGateway;
  log: FastifyBaseLogger;
};
