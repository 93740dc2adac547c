import { isEmail, normalizeEmail } from '@tessera/shared';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, unauthorized } from '../../platform/errors.ts';
import { issueAccessToken, type OidcSettings, recordLoginEvent } from '../auth/index.ts';
import { deleteFlowsBefore, findAccountByEmail, insertFlow, takeFlow } from './sso.store.ts';

/** A popup left open longer than this has to start over. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The first email-like claim. `email` is the standard one; Entra ID often leaves it out, and then the
 * sign-in name is in `preferred_username` (or `upn` in v1 tokens). An email the issuer says is NOT verified
 * is never trusted: anyone could put someone else's address on an account they own.
 */
export function emailFromClaims(claims: Record<string, unknown> | undefined): string | undefined {
  if (!claims) return undefined;
  const candidates = claims.email_verified === false ? [] : [claims.email];
  candidates.push(claims.preferred_username, claims.upn);
  for (const value of candidates) {
    if (typeof value !== 'string') continue;
    const email = normalizeEmail(value);
    if (isEmail(email)) return email;
  }
  return undefined;
}

/**
 * Single sign-on with any OpenID Connect issuer (Microsoft Entra ID among them): the authorization code flow
 * with PKCE, state and nonce. The flow's secrets wait in the oidc_flows table, not in a cookie, so the popup
 * and the API may be served by different nodes.
 */
export class SsoService {
  /** Discovery runs once per app; a failed discovery is forgotten so that the next request retries. */
  private discovered?: Promise<client.Configuration>;

  constructor(
    private readonly db: Db,
    private readonly settings: OidcSettings | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  get configured(): boolean {
    return this.settings !== undefined;
  }

  private configuration(): Promise<client.Configuration> {
    const s = this.settings;
    if (!s) throw notFound('sso.notConfigured');
    if (!this.discovered) {
      // Plain http only for an issuer on this machine (the tests' provider); openid-client refuses it elsewhere.
      const insecure = s.issuer.protocol === 'http:' && LOOPBACK.has(s.issuer.hostname);
      this.discovered = client.discovery(s.issuer, s.clientId, s.clientSecret, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
      });
      this.discovered.catch(() => {
        this.discovered = undefined;
      });
    }
    return this.discovered;
  }

  /** Starts a flow: stores its state, PKCE verifier and nonce, and answers the issuer's authorization URL. */
  async authorizationUrl(loginHint: string | undefined): Promise<URL> {
    const config = await this.configuration();
    const settings = this.settings as OidcSettings;
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const hint = loginHint?.trim() || undefined;
    await deleteFlowsBefore(this.db, new Date(Date.now() - FLOW_TTL_MS));
    await insertFlow(this.db, { state, nonce, codeVerifier, loginHint: hint ?? null });
    return client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(hint ? { login_hint: hint } : {}),
    });
  }

  /**
   * Finishes a flow: exchanges the code and signs in the active user of an active organization whose email
   * the issuer vouches for. Every outcome is written to the login log.
   */
  async signIn(input: { code: string; state: string; iss?: string }, ip: string): Promise<string> {
    const settings = this.settings;
    if (!settings) throw notFound('sso.notConfigured');
    const flow = await takeFlow(this.db, input.state);
    if (!flow || flow.timeCreated.getTime() < Date.now() - FLOW_TTL_MS) {
      throw badRequest('sso.expired');
    }

    let email: string | undefined;
    try {
      const config = await this.configuration();
      // The callback URL as the issuer sent it: openid-client checks state and, where the issuer
      // advertises it (RFC 9207), the `iss` parameter, and sends redirect_uri without the query.
      const callback = new URL(settings.redirectUri);
      callback.searchParams.set('code', input.code);
      callback.searchParams.set('state', input.state);
      if (input.iss) callback.searchParams.set('iss', input.iss);
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      email = emailFromClaims(claims);
      // A strictly conforming issuer keeps the email out of the ID token and serves it from userinfo.
      if (!email && claims)
        email = emailFromClaims(await client.fetchUserInfo(config, tokens.access_token, claims.sub));
    } catch (err) {
      this.log.warn(
        { err: { name: (err as Error).name, message: (err as Error).message } },
        'single sign-on exchange failed',
      );
      await this.record(flow.loginHint ?? '', 'failure', ip);
      throw unauthorized('sso.failed');
    }
    if (!email) {
      await this.record(flow.loginHint ?? '', 'failure', ip);
      throw unauthorized('sso.deactivated');
    }

    const account = await findAccountByEmail(this.db, email);
    if (!account?.active || !account.organizationActive) {
      await this.record(email, 'deactivated', ip, account);
      throw unauthorized('sso.deactivated');
    }
    const token = await issueAccessToken(this.db, account.id);
    await this.record(email, 'success', ip, account);
    return token;
  }

  private record(
    email: string,
    status: 'success' | 'failure' | 'deactivated',
    ip: string,
    account?: { id: string; organizationId: string },
  ): Promise<void> {
    return recordLoginEvent(this.db, {
      type: 'login-microsoft',
      email,
      status,
      ip,
      userId: account?.id ?? null,
      organizationId: account?.organizationId ?? null,
    });
  }
}
