import { meetsLevel } from '@tessera/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../platform/errors.ts';

/**
 * Running a model (spec 2 model bar: "Running needs model or dashboard view"): the routes that read a model and
 * run it declare project membership, and this check asks for model view or dashboard view on top.
 */
export function requireRunAccess(request: FastifyRequest): void {
  const roles = request.project?.roles;
  if (!roles || !(meetsLevel(roles.model, 'view') || meetsLevel(roles.dashboard, 'view'))) throw forbidden();
}
