import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/routes.ts';
import { reportUiError } from './errors.service.ts';

export async function errorsRoutes(app: FastifyInstance) {
  route(app, api.reportUiError, async ({ auth, body, request }) => {
    // Public, since the app may crash before or during sign-in; a valid token ties the report to its user.
    await reportUiError(app.ctx.db, { ...body, userId: auth?.user.id ?? null, ip: request.ip });
    return { ok: true as const };
  });
}
