import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect identity provider for tests (`oidc-provider`), standing in for Microsoft Entra ID.
 *
 * It listens on http://127.0.0.1 on a random port and knows one confidential client whose only redirect URI
 * is `${appUrl}/login/microsoft`, allowed the authorization code grant and required to use PKCE (S256).
 * Sign-in uses oidc-provider's development interactions: an HTML login form that accepts any login name and
 * any password, then a consent form. The login name is the account id AND the account's email, so a test
 * signs in "as" any address simply by typing it; `accounts` only overrides the claims of chosen addresses
 * (for instance `email_verified: false`, or an Entra-like account whose email is only in `upn`).
 *
 * Usage (API test or Chromium end-to-end test):
 *   const idp = await startOidcProvider({ appUrl: 'http://localhost:3000' });
 *   // start the app with OIDC_ISSUER=idp.issuer, OIDC_CLIENT_ID=idp.clientId, OIDC_CLIENT_SECRET=idp.clientSecret
 *   ...
 *   await idp.close();
 *
 * In a browser: the login form has the fields `login` and `password` and a "Sign-in" button; the consent form
 * a "Continue" button. Over plain HTTP, `signInThroughProvider` below walks the same pages with fetch.
 */

export interface OidcAccountClaims {
  sub?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  upn?: string;
}

export interface OidcProviderOptions {
  /** The app's public URL (PUBLIC_URL); the client's redirect URI is `${appUrl}/login/microsoft`. */
  appUrl: string;
  /** Claims by login name (lower-cased email); other login names get {sub, email: login, email_verified: true}. */
  accounts?: Map<string, OidcAccountClaims> | Record<string, OidcAccountClaims>;
  clientId?: string;
  clientSecret?: string;
  /**
   * false (default): the ID token carries the email and profile claims, as Entra ID's does.
   * true: strict OIDC Core behaviour, the ID token holds only `sub` and the claims come from userinfo.
   */
  conformIdTokenClaims?: boolean;
}

export interface TestOidcProvider {
  /** The issuer URL, e.g. http://127.0.0.1:41234 (its discovery document is at /.well-known/openid-configuration). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The redirect URI registered for the client. */
  redirectUri: string;
  close(): Promise<void>;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const appUrl = options.appUrl.replace(/\/$/, '');
  const clientId = options.clientId ?? 'tessera-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const redirectUri = `${appUrl}/login/microsoft`;
  const accounts = new Map(
    Object.entries(
      options.accounts instanceof Map ? Object.fromEntries(options.accounts) : (options.accounts ?? {}),
    ).map(([login, claims]) => [login.toLowerCase(), claims]),
  );

  // The issuer must name its port, so the server listens first and the provider is attached afterwards.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  // Own signing key and cookie key: no shared development secrets, and no warnings about them.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client's default client authentication; Entra ID accepts it too.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'upn'],
    },
    conformIdTokenClaims: options.conformIdTokenClaims ?? false,
    // Explicit lifetimes (seconds), long enough for a slow end-to-end run.
    ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, Interaction: 3600, Session: 3600, Grant: 3600 },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'test' }] },
    // The login name typed in the dev form is the account id; it is the email unless overridden.
    findAccount: (_ctx, id) => {
      const login = id.toLowerCase();
      return {
        accountId: id,
        claims: () => ({ sub: id, email: login, email_verified: true, ...accounts.get(login) }),
      };
    },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    redirectUri,
    async close() {
      // fetch keeps connections alive; end them so close() resolves at once.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** A minimal cookie jar for one user agent: the provider keeps the interaction in cookies scoped by path. */
class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) || '/';
      const expired = attributes.some((a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now());
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies]
      .filter(([, c]) => url.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }
}

/**
 * Walks the provider's pages the way a browser would, with fetch: from the issuer's authorization URL through
 * the login form (`login` = email, any password) and the consent form, following redirects until the provider
 * redirects to `redirectUri`. That last URL is returned and NOT fetched: it carries `code`, `state` and `iss`
 * (or `error`) for the app to exchange.
 */
export async function signInThroughProvider(
  authorizationUrl: string,
  email: string,
  redirectUri: string,
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.href.startsWith(`${redirectUri}?`) || url.href === redirectUri) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(url), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form,
    });
    jar.store(res);
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location') ?? '', url);
      continue;
    }
    const html = await res.text();
    if (res.status !== 200)
      throw new Error(`identity provider answered ${res.status} at ${url}: ${html.slice(0, 300)}`);
    const action = html.match(/<form[^>]*action="([^"]+)"[^>]*method="post"/i)?.[1];
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1];
    if (!action || !prompt) throw new Error(`no login or consent form at ${url}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', email);
      form.set('password', 'any password');
    }
  }
  throw new Error('the identity provider never redirected back to the app');
}
