import { api } from '@tessera/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { logoDataUrl } from '../../platform/logo.ts';
import { readLogoUpload } from '../../platform/logoUpload.ts';
import { mailLanguage } from '../../platform/mailLanguage.ts';
import { realtimeOf } from '../../platform/realtime.ts';
import { route } from '../../platform/routes.ts';
import { UserAdminService } from './users.admin.service.ts';
import { presentUser } from './users.presenter.ts';
import { changeMyPassword, getUser, updateMyUser } from './users.service.ts';
import { setUserLogo } from './users.store.ts';

/** Own account (settings users/my), user logos, and the administration of an organization's users. */
export async function usersRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, api.getMyUser, async ({ auth }) => presentUser(await getUser(db, auth.user.id)));

  route(app, api.updateMyUser, async ({ auth, body }) => presentUser(await updateMyUser(db, auth.user.id, body)));

  route(app, api.changeMyPassword, async ({ auth, body, request }) => {
    await changeMyPassword(db, auth, body, request.ip);
    return { ok: true as const };
  });

  // The route's rule (`user:editAccount`) was checked before the upload is read.
  route(app, api.uploadUserLogo, async ({ params, request }) => {
    const target = await getUser(db, params.id);
    const logo = await readLogoUpload(request);
    await setUserLogo(db, target.id, logo);
    return { logo: logoDataUrl(logo)! };
  });

  const admin = new UserAdminService({ db, mailer: app.ctx.mailer, config: app.ctx.config, realtime: realtimeOf(app) });

  route(app, api.listOrganizationUsers, async ({ params }) => (await admin.list(params.id)).map(presentUser));

  route(app, api.createUser, async ({ auth, query, body, request }) =>
    presentUser(await admin.create(auth.user, query.organizationId, body, mailContext(request))),
  );

  route(app, api.updateUser, async ({ auth, params, body }) =>
    presentUser(await admin.update(auth.user, params.id, body)),
  );

  route(app, api.deleteUser, async ({ auth, params }) => {
    await admin.remove(auth.user, params.id);
    return { ok: true as const };
  });

  route(app, api.resendUserEmail, async ({ auth, params, request }) => {
    const { row, code } = await admin.resendInvitation(auth.user, params.id, mailContext(request));
    return { ...presentUser(row), reset: { token: code } };
  });
}

/** An invitation is written in the inviter's language (the web app sends the one they use Tessera in). */
const mailContext = (request: FastifyRequest) => ({
  log: request.log,
  language: mailLanguage(request.headers['accept-language']),
});
