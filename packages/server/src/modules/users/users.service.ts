import type { api } from '@tessera/shared';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../platform/bootstrap.ts';
import type { AuthUser } from '../../platform/context.ts';
import { badRequest, HttpError, notFound } from '../../platform/errors.ts';
import type { RouteInput } from '../../platform/routes.ts';
import {
  assertPasswordAcceptable,
  enterAttempt,
  markAllCodesUsed,
  revokeOtherTokens,
  verifyPassword,
} from '../auth/index.ts';
import { findUserById, setPasswordHash, type UserRow, updateUserProfile } from './users.store.ts';

type UpdateMyUser = RouteInput<typeof api.updateMyUser>['body'];
type ChangeMyPassword = RouteInput<typeof api.changeMyPassword>['body'];

export async function getUser(db: Db, id: string): Promise<UserRow> {
  const row = await findUserById(db, id);
  if (!row) throw notFound('user.notFound');
  return row;
}

export async function updateMyUser(db: Db, userId: string, body: UpdateMyUser): Promise<UserRow> {
  const row = await updateUserProfile(db, userId, { ...body.name, popOvers: body.popOvers });
  if (!row) throw notFound('user.notFound');
  return row;
}

/**
 * PUT users/my/password: the current password must be right, the new one must pass the checklist; then every
 * other session of the user ends (a thief's copy of a token among them) and pending reset links die. The
 * current-password check is limited as sign-in is (a stolen token must not become a way to guess the password).
 */
export async function changeMyPassword(db: Db, auth: AuthUser, body: ChangeMyPassword, ip: string): Promise<void> {
  const user = await getUser(db, auth.user.id);
  const attempt = await enterAttempt(db, 'password', user.id, ip);
  if (!attempt) throw new HttpError('rate-limited', 'login.rateLimited');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest('password.wrong', { currentPassword: 'password.wrong' });
  }
  await attempt.succeeded();
  assertPasswordAcceptable(body.password, body.confirmPassword);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await markAllCodesUsed(tx, user.id);
    await revokeOtherTokens(tx, user.id, auth.tokenId);
  });
}
