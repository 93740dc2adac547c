import { type LoginAnswer, normalizeEmail } from '@tessera/shared';
import type { AppContext } from '../../platform/context.ts';
import { HttpError } from '../../platform/errors.ts';
import { sha256 } from '../../platform/ids.ts';
import { findUserByEmail, type UserWithOrganization } from './accounts.store.ts';
import { type NewLoginEvent, recordLoginEvent } from './loginEvents.store.ts';
import { enterAttempt } from './loginLimits.ts';
import { oidcSettings } from './oidc.ts';
import { verifyPassword } from './passwords.ts';
import { findUsableCode } from './resetCodes.store.ts';
import { issueAccessToken } from './tokens.ts';

export { LOGIN_RATE_LIMIT } from './loginLimits.ts';

type Outcome = { status: 'failure' | 'deactivated' } | { status: 'success'; answer: LoginAnswer };

/**
 * POST login. Every attempt lands in the login log; a failure of any kind
 * answers the same 401 so that the answer never tells whether an email has an account.
 */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string },
): Promise<LoginAnswer> {
  const email = normalizeEmail(input.email);
  const found = await findUserByEmail(ctx.db, email);
  const record = (status: NewLoginEvent['status'], type: NewLoginEvent['type'] = 'login-attempt') =>
    recordLoginEvent(ctx.db, {
      type,
      status,
      email,
      ip: input.ip,
      userId: found?.user.id ?? null,
      organizationId: found?.user.organizationId ?? null,
    });

  const attempt = await enterAttempt(ctx.db, 'login', email, input.ip, found?.user.id);
  if (!attempt) {
    await record('rate-limited');
    throw new HttpError('rate-limited', 'login.rateLimited');
  }
  const outcome = await judge(ctx, found, input.password);
  if (outcome.status !== 'success') {
    await record(outcome.status);
    throw new HttpError('unauthorized', 'login.failed', { email: 'login.failed', password: 'login.failed' });
  }
  await attempt.succeeded();
  const { answer } = outcome;
  if ('accessToken' in answer) await record('success', 'login');
  else if ('reset' in answer) await record('reset-required');
  // Handed over to the identity provider: not a failure (it must not count towards the limit), not a sign-in yet.
  else await record('success');
  return answer;
}

/**
 * Decides one attempt. The credential is checked before the account's state so that a deactivated account
 * answers a wrong password as a failure (and counts towards the limit) like any other.
 */
async function judge(ctx: AppContext, found: UserWithOrganization | undefined, password: string): Promise<Outcome> {
  const user = found?.user;
  const active = !!user?.active && !!found?.organization.active;
  if (!user?.passwordHash) {
    // Same argon2 time as a real check, whatever the case below (timing must not reveal the account).
    await verifyPassword(null, password);
  }
  if (!user) return { status: 'failure' };

  if (user.needsReset) {
    // An unclaimed account signs in with the temporary credential of its invitation: that code itself.
    const invitation = await findUsableCode(ctx.db, sha256(password), { userId: user.id, purpose: 'invitation' });
    if (!invitation) return { status: 'failure' };
    if (!active) return { status: 'deactivated' };
    return { status: 'success', answer: { reset: true, resetCode: password } };
  }
  if (!user.passwordHash) {
    // An account without a password signs in through single sign-on, when it is configured (the same test
    // as the one that shows the button: issuer, client id and secret all set).
    if (!oidcSettings(ctx.config)) return { status: 'failure' };
    if (!active) return { status: 'deactivated' };
    return { status: 'success', answer: { triggerThirdPartyLogin: true } };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { status: 'failure' };
  if (!active) return { status: 'deactivated' };
  return { status: 'success', answer: { accessToken: await issueAccessToken(ctx.db, user.id) } };
}
