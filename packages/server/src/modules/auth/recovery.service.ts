import { PRODUCT_NAME } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../platform/bootstrap.ts';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { newSecret, sha256 } from '../../platform/ids.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import { findUserByEmail, setPasswordHash } from './accounts.store.ts';
import { assertPasswordAcceptable } from './passwords.ts';
import {
  consumeCode,
  countCodesSince,
  findUsableCode,
  insertResetCode,
  markAllCodesUsed,
  type ResetPurpose,
} from './resetCodes.store.ts';
import { revokeAllTokens } from './tokens.ts';

const HOUR_MS = 3600 * 1000;
/** A recovery link is meant to be used at once; an invitation may wait in an inbox for a week. */
export const RESET_CODE_LIFETIME_MS: Record<ResetPurpose, number> = { recovery: HOUR_MS, invitation: 7 * 24 * HOUR_MS };
/** Recovery mails per account per hour: enough for a lost message, too few to flood an inbox. */
export const RECOVERY_MAILS_PER_HOUR = 5;

/** A new single-use code for the reset page (`/login/reset/{code}`); only its SHA-256 is stored. */
export async function createResetCode(db: Db, userId: string, purpose: ResetPurpose): Promise<string> {
  const code = newSecret();
  await insertResetCode(db, {
    userId,
    codeHash: sha256(code),
    purpose,
    expiresAt: new Date(Date.now() + RESET_CODE_LIFETIME_MS[purpose]),
  });
  return code;
}

export const resetLink = (publicUrl: string, code: string) => `${publicUrl}/login/reset/${code}`;

const RECOVERY_TEXTS = {
  en: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    body: (first: string, email: string, link: string) => [
      `Hello ${first},`,
      '',
      `Someone asked to reset the password of your ${PRODUCT_NAME} account (${email}).`,
      'To choose a new password, open this link within the next hour:',
      '',
      link,
      '',
      'The link works only once. If you did not ask for this, ignore this message: your password stays as it is.',
    ],
  },
  fr: {
    subject: `Réinitialisez votre mot de passe ${PRODUCT_NAME}`,
    body: (first: string, email: string, link: string) => [
      `Bonjour ${first},`,
      '',
      `Quelqu’un a demandé à réinitialiser le mot de passe de votre compte ${PRODUCT_NAME} (${email}).`,
      'Pour choisir un nouveau mot de passe, ouvrez ce lien dans l’heure :',
      '',
      link,
      '',
      'Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.',
    ],
  },
} as const;

/**
 * POST login/forgot: mails a recovery link to an active account, in `language` (the one the person asking uses
 * Tessera in: the request's Accept-Language). The caller learns nothing either way (the route answers the
 * same), and the mail is sent in the background so that the time of the answer does not tell either.
 */
export async function requestRecovery(
  ctx: AppContext,
  email: string,
  log: FastifyBaseLogger,
  language: MailLanguage = 'en',
): Promise<void> {
  const found = await findUserByEmail(ctx.db, email);
  if (!found?.user.active || !found.organization.active) return;
  const since = new Date(Date.now() - HOUR_MS);
  if ((await countCodesSince(ctx.db, found.user.id, 'recovery', since)) >= RECOVERY_MAILS_PER_HOUR) return;
  const code = await createResetCode(ctx.db, found.user.id, 'recovery');
  const link = resetLink(ctx.config.publicUrl, code);
  const texts = RECOVERY_TEXTS[language];
  ctx.mailer
    .send({
      to: found.user.email,
      subject: texts.subject,
      text: [...texts.body(found.user.first, found.user.email, link), ''].join('\n'),
    })
    // Only the message: an SMTP error could quote the envelope, never worth logging a live link for.
    .catch((err: Error) => log.error({ userId: found.user.id, reason: err.message }, 'recovery mail failed'));
}

/** GET login/reset/{code}: the email the code resets, or 404 when it is unknown, used or expired. */
export async function checkResetCode(db: Db, code: string): Promise<{ email: string }> {
  const found = await findUsableCode(db, sha256(code));
  // A deactivated account cannot be claimed or recovered: its link is dead too.
  if (!found?.active) throw notFound('recovery.invalidLink');
  return { email: found.email };
}

/**
 * POST login/reset/{code}: sets the password and claims the account, uses up every code of the user and
 * ends all their sessions, all in one transaction (nothing half-written if any step fails).
 */
export async function resetPassword(db: Db, code: string, password: string, confirmPassword: string): Promise<void> {
  const codeHash = sha256(code);
  if (!(await findUsableCode(db, codeHash))?.active) throw notFound('recovery.invalidLink');
  assertPasswordAcceptable(password, confirmPassword);
  const passwordHash = await hashPassword(password); // slow on purpose: outside the transaction
  await db.transaction(async (tx) => {
    const userId = await consumeCode(tx, codeHash);
    if (!userId) throw notFound('recovery.invalidLink'); // used by a concurrent request meanwhile
    await setPasswordHash(tx, userId, passwordHash);
    await markAllCodesUsed(tx, userId);
    await revokeAllTokens(tx, userId);
  });
}
