import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { mailLanguage } from '../../platform/mailLanguage.ts';
import { route } from '../../platform/routes.ts';
import { login } from './login.service.ts';
import { recordLoginEvent } from './loginEvents.store.ts';
import { checkResetCode, requestRecovery, resetPassword } from './recovery.service.ts';
import { revokeToken } from './tokens.ts';

/** Sign-in, sign-out and password recovery. Single sign-on lives in modules/sso. */
export async function authRoutes(app: FastifyInstance) {
  const { ctx } = app;

  route(app, api.login, ({ body, request }) => login(ctx, { ...body, ip: request.ip }));

  route(app, api.logout, async ({ auth, request }) => {
    await revokeToken(ctx.db, auth.tokenId);
    const { id: userId, organizationId, email } = auth.user;
    await recordLoginEvent(ctx.db, {
      type: 'logout',
      status: 'success',
      email,
      userId,
      organizationId,
      ip: request.ip,
    });
    return { ok: true as const };
  });

  route(app, api.forgotPassword, async ({ body, request }) => {
    await requestRecovery(ctx, body.email, request.log, mailLanguage(request.headers['accept-language']));
    return { ok: true as const };
  });

  route(app, api.checkResetCode, ({ params }) => checkResetCode(ctx.db, params.code));

  route(app, api.resetPassword, async ({ params, body }) => {
    await resetPassword(ctx.db, params.code, body.password, body.confirmPassword);
    return { ok: true as const };
  });
}
