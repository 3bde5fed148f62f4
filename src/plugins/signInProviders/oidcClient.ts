/**
 * The relying party (openid-client 6): discovery per provider (cached until the provider changes;
 * a failed discovery is not cached), the authorization URL with PKCE (S256), state and nonce, and the
 * code exchange that checks state, nonce, PKCE and the ID token, then reads the claims (ID token,
 * and the userinfo endpoint when there is one; the ID token's `sub` must match).
 */
import * as oidc from 'openid-client';
import type { OidcProvider } from './providerRecord.js';
import { inStep, messageOf, ProviderStepError } from './providerSteps.js';
import type { StepReport } from './ldapDirectory.js';

export interface AuthorizationChecks {
  readonly state: string;
  readonly nonce: string;
  readonly codeVerifier: string;
}

export type Claims = Readonly<Record<string, unknown>>;

export class OidcClients {
  private readonly cache = new Map<string, { readonly version: number; readonly config: Promise<oidc.Configuration> }>();

  configuration(provider: OidcProvider): Promise<oidc.Configuration> {
    const cached = this.cache.get(provider.id);
    if (cached && cached.version === provider.updatedAt) return cached.config;
    const s = provider.settings;
    const secret = provider.secrets.clientSecret;
    const config = inStep('DISCOVERY', `reading the discovery document of ${s.issuer}`, () =>
      oidc.discovery(
        new URL(s.issuer),
        s.clientId,
        secret !== undefined ? { client_secret: secret } : undefined,
        secret !== undefined ? oidc.ClientSecretBasic(secret) : oidc.None(),
        {
          timeout: Math.max(1, Math.ceil(s.timeoutMs / 1000)),
          ...(s.allowInsecureHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      ),
    );
    this.cache.set(provider.id, { version: provider.updatedAt, config });
    config.catch(() => {
      if (this.cache.get(provider.id)?.config === config) this.cache.delete(provider.id);
    });
    return config;
  }

  forget(providerId: string): void {
    this.cache.delete(providerId);
  }

  async authorizationUrl(provider: OidcProvider, checks: AuthorizationChecks): Promise<URL> {
    const config = await this.configuration(provider);
    return oidc.buildAuthorizationUrl(config, {
      redirect_uri: provider.settings.redirectUri,
      scope: provider.settings.scopes,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** `callbackQuery`: the query string the provider sent the browser back with. Throws with what failed. */
  async exchange(provider: OidcProvider, callbackQuery: URLSearchParams, checks: AuthorizationChecks): Promise<Claims> {
    const config = await this.configuration(provider);
    const current = new URL(provider.settings.redirectUri);
    current.search = callbackQuery.toString();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new Error(`the provider's answer was refused: ${messageOf(error)}`);
    }
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('the provider returned no ID token');
    let userinfo: Claims = {};
    if (config.serverMetadata().userinfo_endpoint !== undefined) {
      try {
        userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      } catch (error) {
        throw new Error(`reading the userinfo endpoint failed: ${messageOf(error)}`);
      }
    }
    return { ...userinfo, ...idClaims };
  }

  /** testAuthProvider: discovery, named CONNECTION or TLS when the failure was that. */
  async test(provider: OidcProvider): Promise<StepReport[]> {
    this.forget(provider.id);
    try {
      const config = await this.configuration(provider);
      const meta = config.serverMetadata();
      return [
        { step: 'CONNECTION', ok: true, message: 'connected' },
        {
          step: 'DISCOVERY',
          ok: true,
          message: `issuer ${meta.issuer}; authorization endpoint ${meta.authorization_endpoint ?? 'missing'}`,
        },
      ];
    } catch (error) {
      const failure = error instanceof ProviderStepError ? error : new ProviderStepError('DISCOVERY', messageOf(error));
      return [
        ...(failure.step === 'DISCOVERY' ? [{ step: 'CONNECTION' as const, ok: true, message: 'connected' }] : []),
        { step: failure.step, ok: false, message: failure.message },
      ];
    }
  }
}

export const randomState = oidc.randomState;
export const randomNonce = oidc.randomNonce;
export const randomCodeVerifier = oidc.randomPKCECodeVerifier;
