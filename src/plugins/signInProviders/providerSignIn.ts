/**
 * Signing in through a provider. Every path ends in the product's own tokens, through the same
 * AuthService call (and so the same sign-in throttle) as a local `login`:
 *
 * - LDAP: `loginWithProvider(provider, username, password)`: the directory checks the password
 *   (ldapDirectory.ts), the person's user is settled (providerAccounts.ts), a session starts.
 * - OpenID Connect: `start` answers the browser with a redirect to the provider (state, nonce and
 *   PKCE verifier kept server-side); `callback` checks them, exchanges the code, settles the user
 *   and hands the browser a one-time sign-in code (never a token in a URL); the console exchanges
 *   that code with `completeProviderSignIn(signInToken)` for the tokens.
 *
 * A provider that cannot be reached is a clear UNAVAILABLE error naming the step; local accounts
 * are never affected by it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/scheduler/index.js';
import { refuseWhenOverloaded } from '../../core/commands/commitBoundary.js';
import { AppError, ErrorCode, toHttpStatus } from '../../platform/errors/catalog.js';
import type { Logger } from '../../platform/log/logger.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { UserDirectory, UserRecord } from '../../core/people/userDirectory.js';
import type { AuthPayload, AuthService, ClientInfo } from '../../core/auth/authService.js';
import { checkPassword } from './ldapDirectory.js';
import { randomCodeVerifier, randomNonce, randomState, type Claims, type OidcClients } from './oidcClient.js';
import { hash, type OidcFlows } from './oidcFlows.js';
import type { ExternalPerson, ProviderAccounts } from './providerAccounts.js';
import { providerLabel, type OidcProvider, type ProviderRecord } from './providerRecord.js';
import type { ProviderRegistry } from './providerRegistry.js';
import { ProviderStepError, messageOf } from './providerSteps.js';

const BAD_CREDENTIALS = 'invalid username or password';

export interface ProviderSignInDeps {
  readonly registry: ProviderRegistry;
  readonly accounts: ProviderAccounts;
  readonly oidc: OidcClients;
  readonly flows: OidcFlows;
  readonly auth: AuthService;
  readonly users: UserDirectory;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly logger: Logger;
}

export type CallbackOutcome =
  | { readonly ok: true; readonly code: string; readonly expiresAt: number; readonly provider: OidcProvider }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly provider: OidcProvider | null };

export class ProviderSignIn {
  constructor(private readonly deps: ProviderSignInDeps) {}

  loginWithLdap(providerRef: string, username: string, password: string, client: ClientInfo): Promise<AuthPayload> {
    return this.deps.auth.loginWith(username, client, async () => {
      const provider = this.enabled(providerRef, 'ldap');
      let check: Awaited<ReturnType<typeof checkPassword>>;
      try {
        check = await checkPassword(provider, username, password);
      } catch (error) {
        throw this.unreachable(provider, error);
      }
      if (!check.ok) {
        if (check.reason === 'ambiguous')
          this.deps.logger.warn('LDAP sign-in refused: several directory entries match the user filter', {
            provider: provider.name,
            username,
          });
        throw new AppError(ErrorCode.Unauthenticated, BAD_CREDENTIALS);
      }
      refuseWhenOverloaded(this.deps.writer);
      return this.deps.accounts.settle(provider, check.person, { signIn: true }).user;
    });
  }

  /** The address to send the browser to, and the value its browser-binding cookie carries. */
  async start(providerRef: string): Promise<{ url: URL; browserBinding: string; secure: boolean }> {
    const provider = this.enabled(providerRef, 'oidc');
    const checks = { state: randomState(), nonce: randomNonce(), codeVerifier: randomCodeVerifier() };
    const browserBinding = randomBytes(32).toString('base64url');
    let url: URL;
    try {
      url = await this.deps.oidc.authorizationUrl(provider, checks);
    } catch (error) {
      throw this.unreachable(provider, error);
    }
    await this.deps.flows.begin(checks.state, {
      providerId: provider.id,
      codeVerifier: checks.codeVerifier,
      nonce: checks.nonce,
      browserBinding: hash(browserBinding),
    });
    return { url, browserBinding, secure: provider.settings.redirectUri.startsWith('https:') };
  }

  /** The provider sent the browser back: check, exchange, settle the user, issue a one-time code. */
  async callback(query: URLSearchParams, browserBinding: string | null): Promise<CallbackOutcome> {
    const state = query.get('state');
    const pending = state === null ? undefined : await this.deps.flows.take(state);
    if (state === null || pending === undefined) {
      return {
        ok: false,
        status: 400,
        provider: null,
        message: 'this sign-in is unknown or expired (state missing, used or older than 10 minutes); start the sign-in again',
      };
    }
    if (browserBinding === null || !sameDigest(hash(browserBinding), pending.browserBinding)) {
      return {
        ok: false,
        status: 400,
        provider: null,
        message: 'this sign-in was started in another browser (its sign-in cookie is missing); start the sign-in again here',
      };
    }
    const provider = this.deps.registry.get(pending.providerId);
    if (provider?.type !== 'oidc' || !provider.enabled)
      return { ok: false, status: 400, provider: null, message: 'the sign-in provider of this sign-in is gone or disabled' };
    const fail = (status: number, message: string): CallbackOutcome => ({ ok: false, status, message, provider });
    const refused = query.get('error');
    // Only the error code, bounded: the description is text anyone can put in a callback URL.
    if (refused !== null)
      return fail(401, `${providerLabel(provider)} refused the sign-in (${refused.replace(/[^\w.-]/g, '').slice(0, 64)})`);
    let claims: Claims;
    try {
      claims = await this.deps.oidc.exchange(provider, query, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier });
    } catch (error) {
      if (error instanceof ProviderStepError) return fail(503, this.unreachable(provider, error).message);
      this.deps.logger.warn('OpenID Connect sign-in refused', { provider: provider.name, error: messageOf(error) });
      return fail(401, `the sign-in through ${providerLabel(provider)} was refused: ${messageOf(error)}`);
    }
    let user: UserRecord;
    try {
      refuseWhenOverloaded(this.deps.writer);
      user = this.deps.accounts.settle(provider, personFromClaims(provider, claims), { signIn: true }).user;
      await this.deps.writer.acknowledge();
    } catch (error) {
      if (error instanceof AppError) return fail(toHttpStatus(error.code), error.message);
      throw error;
    }
    if (!user.active) return fail(401, `the user ${user.username} is deactivated`);
    const issued = await this.deps.flows.issueCode(user.id, provider.id);
    return { ok: true, code: issued.code, expiresAt: issued.expiresAt, provider };
  }

  /** The console's exchange of the one-time code for the product's tokens. */
  complete(signInToken: string, client: ClientInfo): Promise<AuthPayload> {
    return this.deps.auth.loginWith(null, client, async () => {
      const issued = await this.deps.flows.redeemCode(signInToken);
      const user = issued === undefined ? undefined : this.deps.users.get(issued.userId);
      if (!user)
        throw new AppError(
          ErrorCode.Unauthenticated,
          'this sign-in code is unknown, used or expired (it works once, within a minute); sign in again',
        );
      return user;
    });
  }

  private enabled<T extends ProviderRecord['type']>(providerRef: string, type: T): Extract<ProviderRecord, { type: T }> {
    const provider = this.deps.registry.find(providerRef);
    if (!provider?.enabled || provider.type !== type) {
      throw new AppError(
        ErrorCode.BadRequest,
        `no enabled ${type === 'ldap' ? 'LDAP' : 'OpenID Connect'} sign-in provider ${providerRef}; GET /api/v1/auth/providers lists them`,
      );
    }
    return provider as Extract<ProviderRecord, { type: T }>;
  }

  private unreachable(provider: ProviderRecord, error: unknown): AppError {
    if (error instanceof AppError) return error;
    const step = error instanceof ProviderStepError ? error.step : 'CONNECTION';
    this.deps.logger.warn('sign-in provider unavailable', { provider: provider.name, step, error: messageOf(error) });
    return new AppError(
      ErrorCode.Unavailable,
      `the sign-in provider ${providerLabel(provider)} is not available right now (${step} step failed); try again later, or sign in with a local account`,
    );
  }
}

function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function claimText(claims: Claims, name: string): string | null {
  const v = claims[name];
  return typeof v === 'string' && v !== '' ? v : null;
}

export function personFromClaims(provider: OidcProvider, claims: Claims): ExternalPerson {
  const s = provider.settings;
  const sub = String(claims['sub']);
  const raw = claims[s.groupsClaim];
  const groups = Array.isArray(raw) ? raw.filter((g): g is string => typeof g === 'string') : typeof raw === 'string' ? [raw] : [];
  const email = claimText(claims, s.emailClaim);
  return {
    externalId: sub,
    dn: null,
    username: claimText(claims, s.usernameClaim) ?? email ?? sub,
    email,
    displayName: claimText(claims, s.nameClaim),
    groups,
  };
}
