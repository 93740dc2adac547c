import { api } from '@tessera/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { route } from '../../platform/routes.ts';
import { findUserEvents } from '../auth/loginEvents.store.ts';
import { findUserById } from '../users/users.store.ts';
import { canViewUserLog } from './logs.policy.ts';
import { presentLoginEvent } from './logs.presenter.ts';

/** Login history (spec 1 §7 logs/users/{id}), newest first. */
export async function logsRoutes(app: FastifyInstance) {
  const { db } = app.ctx;

  route(app, api.userLoginLog, async ({ auth, params }) => {
    const target = await findUserById(db, params.id);
    // Out of reach answers like unknown: never reveal that the user exists.
    if (!target || !canViewUserLog(auth.user, target)) throw notFound('User not found');
    return (await findUserEvents(db, target.id)).map(presentLoginEvent);
  });
}
