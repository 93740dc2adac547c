import type { FastifyInstance } from 'fastify';
import { ResponsesFlusher } from './responses.flush.ts';

const flushers = new WeakMap<object, ResponsesFlusher>();

/**
 * The forms module's work outside requests, on every process: the responses flusher (responses.flush.ts), which
 * the routes ask for a flush after each response and which catches up at start-up on responses a crash left
 * unflushed.
 */
export function formsJobs(app: FastifyInstance): void {
  const flusher = new ResponsesFlusher(app);
  flusher.install();
  flushers.set(app.ctx, flusher);
}

/** The app's form responses flusher (the routes' services ask it for flushes; tests wait on it with `settle()`). */
export function responsesFlusherOf(app: FastifyInstance): ResponsesFlusher {
  const flusher = flushers.get(app.ctx);
  if (!flusher) throw new Error('the forms module is not registered');
  return flusher;
}
