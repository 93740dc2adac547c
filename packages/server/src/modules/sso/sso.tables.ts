import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/** Identity-provider flows in progress: state -> PKCE verifier and nonce, valid a few minutes. */
export const oidcFlows = pgTable('oidc_flows', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  loginHint: text('login_hint'),
  timeCreated: createdAt(),
});
