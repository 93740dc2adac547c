import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { RealtimeGateway } from '../../platform/realtime.ts';

/** What the packages' service, build job and start-up sweep use; the module's routes and jobs build it (packages.jobs.ts). */
export type PackagesDeps = Pick<AppContext, 'db' | 'storage' | 'config' | 'jobs'> & {
  realtime: RealtimeGateway;
  log: FastifyBaseLogger;
};
