import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/routes.ts';
import { oidcSettings } from '../auth/index.ts';
import { SsoService } from './sso.service.ts';

/** "Sign in with Microsoft": OpenID Connect single sign-on in a popup. */
export async function ssoRoutes(app: FastifyInstance) {
  const sso = new SsoService(app.ctx.db, oidcSettings(app.ctx.config), app.log);

  route(app, api.loginOptions, async () => ({ microsoft: sso.configured }));

  route(app, api.microsoftAuthorize, async ({ query, reply, request }) => {
    if (!sso.configured) throw notFound('sso.notConfigured');
    let target: string;
    try {
      target = (await sso.authorizationUrl(query.loginHint)).href;
    } catch (err) {
      // The issuer cannot be reached: send the popup back to the app with an OAuth error, as the issuer
      // itself would, so that it reports "no token" to the sign-in page instead of showing a raw error.
      request.log.error({ err }, 'single sign-on discovery failed');
      const back = new URL(`${app.ctx.config.publicUrl}/login/microsoft`);
      back.searchParams.set('error', 'temporarily_unavailable');
      target = back.href;
    }
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });

  route(app, api.microsoftLogin, async ({ body, request }) => ({
    accessToken: await sso.signIn(body, request.ip),
  }));
}
