import type { FastifyInstance } from 'fastify';
import { datasetWriteDepsOf } from '../datasets/index.ts';
import { ResponsesFlusher } from './responses.flush.ts';

const flushers = new WeakMap<object, ResponsesFlusher>();

/**
 * The forms module's work outside requests, on every process: the responses flusher (responses.flush.ts), which
 * the routes ask for a flush after each response and which catches up at start-up on responses a crash left
 * unflushed.
 */
export function formsJobs(app: FastifyInstance): void {
  const flusher = new ResponsesFlusher(datasetWriteDepsOf(app));
  app.addHook('onReady', async () => {
    void flusher.catchUp().catch((err) => app.log.warn({ err }, 'could not catch up on form responses'));
  });
  app.addHook('onClose', async () => flusher.stop());
  flushers.set(app.ctx, flusher);
}

/** The app's form responses flusher (the routes' services ask it for flushes; tests wait on it with `settle()`). */
export function responsesFlusherOf(app: FastifyInstance): ResponsesFlusher {
  const flusher = flushers.get(app.ctx);
  if (!flusher) throw new Error('the forms module is not registered');
  return flusher;
}
