import { PRODUCT_NAME } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { resetLink } from '../auth/index.ts';

export interface Invitation {
  to: string;
  first: string;
  organizationName: string;
  invitedBy: string;
  code: string;
}

/**
 * The invitation mail of a new or unclaimed account: the reset link to choose a password, and, for whoever
 * reaches the sign-in page first, the email with the code as a temporary password (an unclaimed account that
 * signs in with it is sent to the same reset page).
 */
export function invitationMail(publicUrl: string, inv: Invitation) {
  const link = resetLink(publicUrl, inv.code);
  return {
    to: inv.to,
    subject: `You are invited to ${PRODUCT_NAME}`,
    text: [
      `Hello ${inv.first},`,
      '',
      `${inv.invitedBy} created a ${PRODUCT_NAME} account for you in ${inv.organizationName}.`,
      'To choose your password, open this link within the next 7 days:',
      '',
      link,
      '',
      `You can also sign in at ${publicUrl}/login with this temporary password:`,
      '',
      `Email: ${inv.to}`,
      `Temporary password: ${inv.code}`,
      '',
      'The link and the temporary password work until you choose your password.',
      '',
    ].join('\n'),
  };
}

/**
 * Sends it. A failed delivery does not undo the account: the administrator sees it unclaimed and can resend.
 * Only the reason is logged, never the message (it holds a live code).
 */
export async function sendInvitation(ctx: AppContext, inv: Invitation, log: FastifyBaseLogger): Promise<void> {
  try {
    await ctx.mailer.send(invitationMail(ctx.config.publicUrl, inv));
  } catch (err) {
    log.error({ to: inv.to, reason: (err as Error).message }, 'invitation mail failed');
  }
}
