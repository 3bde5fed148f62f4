/**
 * GET /api/v1/auth/providers (no auth): the sign-in providers a login page offers, public fields
 * only. Local sign-in is always there; the enabled LDAP and OIDC providers follow (never with
 * their settings or secrets). Mounted by the sign-in providers module (src/plugins/signInProviders).
 */
import { jsonReply } from '../../platform/gateway/http.js';
import type { Route } from '../../platform/gateway/routes.js';

export interface PublicProvider {
  readonly id: string;
  readonly type: 'local' | 'ldap' | 'oidc';
  readonly name: string;
  readonly enabled: boolean;
  /** How a login page uses it: a username/password form, or a redirect to start a sign-in. */
  readonly loginMethod: 'password' | 'redirect';
  /** `redirect` providers: where the login page sends the browser (src/plugins/signInProviders/oidcRoutes.ts). */
  readonly startUrl?: string;
}

export const LOCAL_PROVIDER: PublicProvider = {
  id: 'local',
  type: 'local',
  name: 'Username and password',
  enabled: true,
  loginMethod: 'password',
};

export function providersRoute(providers: () => readonly PublicProvider[]): Route {
  return {
    method: 'GET',
    path: '/api/v1/auth/providers',
    auth: 'none',
    rateLimited: true,
    bodyLimit: 0,
    handle: async () => {
      const enabled = providers().filter((p) => p.enabled);
      return jsonReply(200, { count: enabled.length, providers: enabled });
    },
  };
}
