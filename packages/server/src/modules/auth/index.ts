/**
 * auth — sign-in (password, reset codes), access tokens, login events, and the account reads sign-in needs.
 * The lowest identity module: sso, users, organizations and logs build on it.
 */
export {
  findUserByEmail,
  findUserWithOrganization,
  type PopOvers,
  setPasswordHash,
  type UserRow,
  type UserWithOrganization,
} from './accounts.store.ts';
export { authRoutes } from './auth.routes.ts';
export { findOrganizationEvents, findUserEvents, type LoginEventRow, recordLoginEvent } from './loginEvents.store.ts';
export { type OidcSettings, oidcSettings } from './oidc.ts';
export { assertPasswordAcceptable, verifyPassword } from './passwords.ts';
export { createResetCode, resetLink } from './recovery.service.ts';
export { countCodesSince, markAllCodesUsed } from './resetCodes.store.ts';
export { issueAccessToken, revokeAllTokens, revokeOtherTokens } from './tokens.ts';
