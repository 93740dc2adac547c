import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed credentials for a Dash app's origin: a ticket (in the url the API answers, valid one minute,
 * exchanged once: usedTickets.ts) is exchanged there for a host-only cookie (valid an hour at most) for that app.
 * Both name the sign-in (`tokenId`) that asked, which every request re-checks (dashAccess.ts). The secret never
 * leaves the server.
 */

export const TICKET_MS = 60_000;
export const SESSION_MS = 60 * 60_000;

export interface DashGrant {
  packageId: string;
  app: string;
  userId: string;
  /** The access token of the sign-in that asked: the session lives only as long as it and the member's view. */
  tokenId: string;
  /** A ticket's own id (single-use). */
  id?: string;
  /** Expiry, ms since the epoch. */
  exp: number;
  kind: 'ticket' | 'session';
}

export class DashCredentials {
  private readonly secret: Buffer;
  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  sign(grant: Omit<DashGrant, 'exp'>, ttlMs: number, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...grant, exp: now + ttlMs })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The grant of a valid, unexpired credential of this kind for this app; undefined otherwise. */
  verify(value: string | undefined, expect: Pick<DashGrant, 'packageId' | 'app' | 'kind'>, now = Date.now()) {
    if (!value) return undefined;
    const [body, mac] = value.split('.');
    if (!body || !mac) return undefined;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return undefined;
    let grant: DashGrant;
    try {
      grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as DashGrant;
    } catch {
      return undefined;
    }
    if (grant.kind !== expect.kind || grant.packageId !== expect.packageId || grant.app !== expect.app)
      return undefined;
    return grant.exp > now ? grant : undefined;
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }
}
