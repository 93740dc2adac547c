import { PRODUCT_NAME } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import { resetLink } from '../auth/index.ts';

export interface Invitation {
  to: string;
  first: string;
  organizationName: string;
  /** Who invited them: name and email, and their organization when it is not the invited account's. */
  inviter: { name: string; email: string; organizationName: string | null };
  code: string;
  /**
   * The invited person has no language of their own yet (the choice is kept in their browser): the mail
   * is written in the language the inviter uses Tessera in (their request's Accept-Language).
   */
  language: MailLanguage;
}

const TEXTS = {
  en: {
    subject: () => `You are invited to ${PRODUCT_NAME}`,
    hello: (first: string) => `Hello ${first},`,
    invited: (inviter: string, org: string) =>
      `${inviter} invited you to ${PRODUCT_NAME}: they created an account for you in ${org}.`,
    of: (name: string, org: string) => `${name} of ${org}`,
    link: 'To choose your password, open this link within the next 7 days:',
    temporary: (url: string) => `You can also sign in at ${url}/login with this temporary password:`,
    email: (to: string) => `Email: ${to}`,
    password: (code: string) => `Temporary password: ${code}`,
    until: 'The link and the temporary password work until you choose your password.',
  },
  fr: {
    subject: () => `Invitation à rejoindre ${PRODUCT_NAME}`,
    hello: (first: string) => `Bonjour ${first},`,
    invited: (inviter: string, org: string) =>
      `${inviter} vous invite sur ${PRODUCT_NAME} : un compte a été créé pour vous dans ${org}.`,
    of: (name: string, org: string) => `${name} (${org})`,
    link: 'Pour choisir votre mot de passe, ouvrez ce lien dans les 7 prochains jours :',
    temporary: (url: string) => `Vous pouvez aussi vous connecter sur ${url}/login avec ce mot de passe temporaire :`,
    email: (to: string) => `E-mail : ${to}`,
    password: (code: string) => `Mot de passe temporaire : ${code}`,
    until: 'Le lien et le mot de passe temporaire restent valables jusqu’à ce que vous choisissiez votre mot de passe.',
  },
} as const;

/**
 * The invitation mail of a new or unclaimed account: who invited them, the reset link to choose a password, and,
 * for whoever reaches the sign-in page first, the email with the code as a temporary password (an unclaimed
 * account that signs in with it is sent to the same reset page).
 */
export function invitationMail(publicUrl: string, inv: Invitation) {
  const t = TEXTS[inv.language];
  const inviterName = inv.inviter.organizationName
    ? t.of(inv.inviter.name, inv.inviter.organizationName)
    : inv.inviter.name;
  return {
    to: inv.to,
    subject: t.subject(),
    text: [
      t.hello(inv.first),
      '',
      t.invited(`${inviterName} <${inv.inviter.email}>`, inv.organizationName),
      t.link,
      '',
      resetLink(publicUrl, inv.code),
      '',
      t.temporary(publicUrl),
      '',
      t.email(inv.to),
      t.password(inv.code),
      '',
      t.until,
      '',
    ].join('\n'),
  };
}

/**
 * Sends it. A failed delivery does not undo the account: the administrator sees it unclaimed and can resend.
 * Only the reason is logged, never the message (it holds a live code).
 */
export async function sendInvitation(
  ctx: Pick<AppContext, 'mailer' | 'config'>,
  inv: Invitation,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await ctx.mailer.send(invitationMail(ctx.config.publicUrl, inv));
  } catch (err) {
    log.error({ to: inv.to, reason: (err as Error).message }, 'invitation mail failed');
  }
}
