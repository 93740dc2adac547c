import type { ServerModule } from '../../platform/module.ts';
import { authRoutes } from './auth.routes.ts';

/**
 * auth — sign-in (password, reset codes), access tokens, login events, the OIDC settings, and the account reads
 * sign-in needs. The lowest identity module: sso, organizations, users and logs build on it.
 */
export const authModule: ServerModule = { name: 'auth', routes: authRoutes };

export {
  findUserByEmail,
  findUserWithOrganization,
  type PopOvers,
  setPasswordHash,
  type UserRow,
  type UserWithOrganization,
} from './accounts.store.ts';
/** Tables other modules read or join on (docs/architecture.md "Tables"). */
export { loginEvents } from './auth.tables.ts';
export {
  deleteOrganizationEvents,
  findOrganizationEvents,
  findUserEvents,
  type LoginEventRow,
  recordLoginEvent,
} from './loginEvents.store.ts';
export { enterAttempt } from './loginLimits.ts';
export { type OidcSettings, oidcSettings } from './oidc.ts';
export { assertPasswordAcceptable, verifyPassword } from './passwords.ts';
export { createResetCode, resetLink } from './recovery.service.ts';
export { countCodesSince, markAllCodesUsed } from './resetCodes.store.ts';
export { issueAccessToken, revokeAllTokens, revokeOtherTokens } from './tokens.ts';
