import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed credentials for the Dash origin: a ticket (in the url the API answers, valid one minute)
 * is exchanged there for a cookie (valid an hour) scoped to one app's path. The secret never leaves the server.
 */

export const TICKET_MS = 60_000;
export const SESSION_MS = 60 * 60_000;

export interface DashGrant {
  packageId: string;
  app: string;
  userId: string;
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
