import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ID_PATTERN } from '@tessera/shared';

/**
 * Unsubscribe links: `{subscription id}.{recipient}.{mac}`, where the recipient is a short hash of the address (the
 * address itself never shows in a URL or a log) and the mac an HMAC-SHA256 of purpose, subscription and recipient
 * under the subscription's own secret (`unsubscribe_key`, never sent out). The purpose is part of what is signed:
 * a token made for anything else, for another subscription, or altered in any byte does not verify. It has no
 * expiry (an old mail's link must still work); a new key voids every link of the subscription.
 */
export const UNSUBSCRIBE_PURPOSE = 'subscription-unsubscribe';

export interface TokenClaims {
  purpose: string;
  subscriptionId: string;
  email: string;
}

/** The recipient's part of a token: 64 bits of the address's SHA-256 (one subscription has at most 50). */
export const recipientTag = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest().subarray(0, 8).toString('base64url');

const mac = (key: string, purpose: string, subscriptionId: string, tag: string) =>
  createHmac('sha256', key).update(`${purpose}\n${subscriptionId}\n${tag}`).digest('base64url');

export function signToken(key: string, claims: TokenClaims): string {
  const tag = recipientTag(claims.email);
  return `${claims.subscriptionId}.${tag}.${mac(key, claims.purpose, claims.subscriptionId, tag)}`;
}

/** The subscription a token names (to find the key that checks it), or undefined when it is not one. */
export function subscriptionOfToken(token: string): string | undefined {
  const [id, tag, signature, extra] = token.split('.');
  if (!id || !tag || !signature || extra !== undefined || !ID_PATTERN.test(id)) return undefined;
  return id;
}

/** The recipient tag of an unsubscribe link signed with this key, or undefined. */
export function verifyUnsubscribeToken(key: string, token: string): string | undefined {
  const id = subscriptionOfToken(token);
  if (!id) return undefined;
  const [, tag, signature] = token.split('.') as [string, string, string];
  const want = Buffer.from(mac(key, UNSUBSCRIBE_PURPOSE, id, tag));
  const got = Buffer.from(signature);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
  return tag;
}
