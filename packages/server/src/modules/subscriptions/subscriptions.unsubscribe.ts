import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { MailLanguage } from '../../platform/mailLanguage.ts';
import { dashboardSummary } from '../dashboards/index.ts';
import { findSubscription, updateSubscriptionRow } from './subscriptions.store.ts';
import { recipientTag, subscriptionOfToken, verifyUnsubscribeToken } from './subscriptions.tokens.ts';

export type UnsubscribeOutcome =
  | { ok: true; dashboardName: string | null; email: string | null; language: MailLanguage | undefined }
  | { ok: false };

/**
 * Takes the link's address off its subscription, without signing in: the token must be an unsubscribe link signed
 * with that subscription's key. Using it again finds the address gone and answers the same (without the address,
 * which the token does not hold). When the last address leaves, the subscription stays (editors see that no one
 * is left) but sends nothing more.
 */
export async function unsubscribeByToken(
  { db, log }: { db: Db; log: FastifyBaseLogger },
  token: string,
): Promise<UnsubscribeOutcome> {
  const id = subscriptionOfToken(token);
  const row = id && (await findSubscription(db, id));
  const tag = row && verifyUnsubscribeToken(row.unsubscribeKey, token);
  if (!row || !tag) return { ok: false };
  const recipient = row.recipients.find((r) => recipientTag(r.email) === tag);
  if (recipient) {
    const recipients = row.recipients.filter((r) => r !== recipient);
    await updateSubscriptionRow(db, row.id, {
      recipients,
      ...(recipients.length ? {} : { nextRunAt: null }),
    });
    log.info({ subscriptionId: row.id }, 'a recipient unsubscribed');
  }
  const dashboard = await dashboardSummary(db, row.dashboardId);
  return {
    ok: true,
    dashboardName: dashboard?.name ?? null,
    email: recipient?.email ?? null,
    language: recipient?.language,
  };
}
