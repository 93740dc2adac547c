import type { ServerModule } from '../../platform/module.ts';
import { ssoRoutes } from './sso.routes.ts';

/** sso — sign-in through the organization's identity provider (OIDC popup flow). Uses auth. */
export const ssoModule: ServerModule = { name: 'sso', routes: ssoRoutes };
