import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/routes.ts';
import { logoDataUrl } from './logo.ts';
import { readLogoUpload } from './logoUpload.ts';
import { presentUser } from './users.presenter.ts';
import { changeMyPassword, findManageableUser, getUser, updateMyUser } from './users.service.ts';
import { setUserLogo } from './users.store.ts';

/** Own account (spec 1 §2 settings users/my) and user logos. */
export async function usersRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, api.getMyUser, async ({ auth }) => presentUser(await getUser(db, auth.user.id)));

  route(app, api.updateMyUser, async ({ auth, body }) => presentUser(await updateMyUser(db, auth.user.id, body)));

  route(app, api.changeMyPassword, async ({ auth, body }) => {
    await changeMyPassword(db, auth, body);
    return { ok: true as const };
  });

  route(app, api.uploadUserLogo, async ({ auth, params, request }) => {
    const target = await findManageableUser(db, auth.user, params.id);
    const logo = await readLogoUpload(request);
    await setUserLogo(db, target.id, logo);
    return { logo: logoDataUrl(logo)! };
  });
}
