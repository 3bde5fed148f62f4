/**
 * The browser's part of an OpenID Connect sign-in, on fixed paths (the provider is named by a query
 * parameter at the start and found from the state on the way back):
 *
 * - `GET /api/v1/auth/oidc/start?provider=<id or name>`: 302 to the provider's authorization endpoint,
 *   with a cookie that binds the sign-in to this browser (the callback refuses another browser).
 * - `GET /api/v1/auth/oidc/callback?code=...&state=...`: the provider's redirect back. With the
 *   provider's `postLoginRedirectUri` set, 302 to it with `#signInCode=<one-time code>` (or
 *   `#signInError=<message>`): the fragment never reaches a server log; without it, JSON
 *   `{"signInCode", "expiresAt"}` or `{"error"}`. The code is exchanged with the GraphQL mutation
 *   `completeProviderSignIn`; tokens never travel in a URL.
 */
import { catalogReply, errorReply, jsonReply, type Reply } from '../../platform/gateway/http.js';
import type { Route } from '../../platform/gateway/routes.js';
import { AppError } from '../../platform/errors/catalog.js';
import { isoTime } from '../../platform/scheduler/isoTime.js';
import type { ProviderSignIn } from './providerSignIn.js';

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
/** Binds a sign-in to the browser that started it (login CSRF); Lax, so the provider's top-level redirect back carries it. */
export const BINDING_COOKIE = 'svc_oidc_binding';
const COOKIE_PATH = '/api/v1/auth/oidc';

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

function redirect(location: string): Reply {
  return { status: 302, headers: { location, ...NO_STORE }, body: '' };
}

export function oidcRoutes(signIn: ProviderSignIn): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/auth/oidc/start',
      auth: 'none',
      rateLimited: true,
      bodyLimit: 0,
      async handle(request) {
        const provider = request.query.get('provider');
        if (!provider)
          return errorReply(
            400,
            'name the provider: /api/v1/auth/oidc/start?provider=<id or name> (GET /api/v1/auth/providers lists them)',
          );
        try {
          const started = await signIn.start(provider);
          const cookie = `${BINDING_COOKIE}=${started.browserBinding}; Path=${COOKIE_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${started.secure ? '; Secure' : ''}`;
          return { ...redirect(started.url.href), headers: { location: started.url.href, ...NO_STORE, 'set-cookie': cookie } };
        } catch (error) {
          if (error instanceof AppError) return catalogReply(error.code, error.message, NO_STORE);
          throw error;
        }
      },
    },
    {
      method: 'GET',
      path: '/api/v1/auth/oidc/callback',
      auth: 'none',
      rateLimited: true,
      bodyLimit: 0,
      async handle(request) {
        const outcome = await signIn.callback(request.query, cookieValue(request.head.headers['cookie'], BINDING_COOKIE));
        const back = outcome.provider?.settings.postLoginRedirectUri ?? null;
        if (outcome.ok) {
          if (back !== null) return redirect(`${back}#signInCode=${encodeURIComponent(outcome.code)}`);
          return jsonReply(200, { signInCode: outcome.code, expiresAt: isoTime(outcome.expiresAt) }, NO_STORE);
        }
        if (back !== null) return redirect(`${back}#signInError=${encodeURIComponent(outcome.message)}`);
        return errorReply(outcome.status, outcome.message, NO_STORE);
      },
    },
  ];
}
