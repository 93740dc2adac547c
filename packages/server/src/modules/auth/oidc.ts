import type { Config } from '../../config.ts';

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The OIDC settings, or undefined unless OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are all set. */
export function oidcSettings(config: Config): OidcSettings | undefined {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return undefined;
  return {
    issuer: new URL(OIDC_ISSUER),
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUri: `${config.publicUrl}/login/microsoft`,
  };
}
