/**
 * oidc-provider ships no type declarations; this covers the part the test identity provider uses
 * (src/test/oidcProvider.ts). Test-only: the server itself speaks to issuers through openid-client.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export interface Configuration {
    clients?: Array<Record<string, unknown>>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    cookies?: { keys?: string[] };
    jwks?: { keys: Array<Record<string, unknown>> };
    features?: Record<string, { enabled: boolean } & Record<string, unknown>>;
    pkce?: { required?: (ctx: unknown, client: unknown) => boolean; methods?: string[] };
    [key: string]: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
