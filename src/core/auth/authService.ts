/**
 * Signing in and out: login, refresh rotation, sessions, passwords. Every state change is staged
 * on the in-memory stores and acknowledged after its group commit (`commit`). Access tokens are
 * checked on every request against the in-memory session and user, so a revoked session or a
 * deactivated user stops working at once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Clock } from '../../platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import { emitOnCommit } from '../../platform/events/emitOnCommit.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import type { UserDirectory, UserRecord } from '../people/userDirectory.js';
import type { LoginThrottle } from './loginThrottle.js';
import { hashPassword, verifyPassword } from './passwordHash.js';
import { assertAcceptablePassword } from './passwordPolicy.js';
import type { PasswordResets } from './passwordResets.js';
import { rotateRefreshToken, type SessionEndReason } from './refreshRotation.js';
import type { Role, Viewer, ViewerAccess } from './roles.js';
import { isSessionOpen, type SessionRecord, type SessionStore } from './sessionStore.js';
import { REFRESH_TOKEN_TTL_SECONDS, type TokenService } from './tokens.js';
import type { ClientInfo } from '../../platform/graphql/context.js';

// Where a request came from is the platform's (the GraphQL context carries it).
export type { ClientInfo } from '../../platform/graphql/context.js';

export interface AuthPayload {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Epoch ms when the access token expires. */
  readonly expiresAt: number;
  readonly refreshExpiresAt: number;
  readonly sessionId: string;
  readonly user: UserRecord;
}

export type Authentication =
  | { readonly ok: true; readonly viewer: Viewer }
  | { readonly ok: false; readonly reason: 'invalid' | 'expired' | 'revoked' };

export interface AuthServiceDeps {
  readonly users: UserDirectory;
  readonly sessions: SessionStore;
  readonly resets: PasswordResets;
  readonly tokens: TokenService;
  readonly throttle: LoginThrottle;
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly clock: Clock;
  /**
   * A hash of a random password, verified for unknown users so they cost the same time. A promise
   * while start still makes it (a deliberately slow hash on a libuv thread, overlapped with loading
   * the state).
   */
  readonly decoyHash: string | Promise<string>;
  /** log2 of scrypt's N for new hashes (`SVC_AUTH_PASSWORD_HASH_COST`). */
  readonly passwordHashCost: number;
  readonly refreshTtlSeconds?: number;
  /**
   * Cluster mode (docs/adr/0068): applies what other instances committed to sessions and users until now. Called
   * before a refresh token is rotated (the rotation decides on the committed session) and when a token names a
   * session or user this instance does not hold (signed in through another instance a moment ago). Absent in a
   * single process, where memory is the committed state.
   */
  readonly catchUp?: () => Promise<void>;
}

const BAD_CREDENTIALS = 'invalid username or password';
const VERIFIED_CACHE_LIMIT = 10_000;

export async function createDecoyHash(passwordHashCost: number): Promise<string> {
  return hashPassword(randomBytes(24).toString('base64url'), passwordHashCost);
}

export class AuthService {
  private readonly refreshLifetimeMs: number;
  /** Access tokens whose signature was verified, so a hot client's token is verified once. */
  private readonly verified = new Map<string, { userId: string; sessionId: string; expiresAt: number }>();
  /** The policy engine's decisions for a person (src/plugins/policy); unset: viewers carry none and the role table decides. */
  private accessOf: ((userId: string, role: Role) => ViewerAccess | undefined) | undefined;

  constructor(private readonly deps: AuthServiceDeps) {
    this.refreshLifetimeMs = (deps.refreshTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS) * 1000;
  }

  /** The sign-in throttle, for every other sign-in path (providers): check, then failed or succeeded. */
  get throttle(): LoginThrottle {
    return this.deps.throttle;
  }

  /** The policy module hands its engine over at start; every authenticated viewer then carries its access. */
  useAccess(accessOf: (userId: string, role: Role) => ViewerAccess | undefined): void {
    this.accessOf = accessOf;
  }

  async login(login: string, password: string, client: ClientInfo): Promise<AuthPayload> {
    const { users, throttle } = this.deps;
    const user = users.byLogin(login);
    // Keyed on the account, not on how it was named: a username and an email share one count.
    const account = user?.username ?? login;
    await throttle.check(account, client.address);
    let signedIn = false;
    try {
      // Unknown users, users without a password and wrong passwords take the same path and time.
      const matches = await verifyPassword(password, user?.passwordHash ?? (await this.deps.decoyHash));
      signedIn = user !== undefined && user.passwordHash !== null && matches && user.active;
    } finally {
      if (signedIn) await throttle.succeeded(account, client.address);
      else await throttle.failed(account, client.address);
    }
    if (!signedIn) throw new AppError(ErrorCode.Unauthenticated, BAD_CREDENTIALS);
    return this.startSession(user!, client);
  }

  /**
   * Sign-in through a provider (src/plugins/signInProviders): the same throttle as `login` (keyed on the
   * account name a person typed, or on the address alone when there is none, as for a one-time
   * OpenID Connect code), then `verify` settles who it is (the directory's bind, the provider's
   * code) and names the local user; the session is the same as `login`'s.
   */
  async loginWith(account: string | null, client: ClientInfo, verify: () => Promise<UserRecord>): Promise<AuthPayload> {
    const { throttle } = this.deps;
    await throttle.check(account, client.address);
    let user: UserRecord | undefined;
    try {
      user = await verify();
    } finally {
      // A provider that cannot be reached counts like a wrong password: the caller cannot tell them apart either.
      if (user?.active) await throttle.succeeded(account, client.address);
      else await throttle.failed(account, client.address);
    }
    if (!user.active) throw new AppError(ErrorCode.Unauthenticated, BAD_CREDENTIALS);
    return this.startSession(user, client);
  }

  /**
   * DEVELOPMENT ONLY: a session for an active user without checking a password. Its one caller is
   * `POST /api/v1/dev/token` in src/plugins/dev, which the release build does not contain and the server
   * mounts only with SVC_ENV=development. Never call it from production code.
   */
  async signInWithoutPassword(userId: string, client: ClientInfo): Promise<AuthPayload> {
    const user = this.deps.users.get(userId);
    if (!user) throw new AppError(ErrorCode.NotFound, `no user with id ${userId}`);
    if (!user.active) throw new AppError(ErrorCode.BadRequest, `user ${user.username} is deactivated`);
    return this.startSession(user, client);
  }

  /** Opens a session for a user whose identity is settled, and acknowledges it after its commit. */
  private async startSession(user: UserRecord, client: ClientInfo): Promise<AuthPayload> {
    const { users, clock } = this.deps;
    const now = clock.now();
    this.deps.sessions.prune(user.id, now);
    const session: SessionRecord = {
      id: randomUUID(),
      userId: user.id,
      currentTokenId: randomUUID(),
      previousTokenId: null,
      rotatedAt: null,
      expiresAt: now + this.refreshLifetimeMs,
      endedAt: null,
      endReason: null,
      createdAt: now,
      lastUsedAt: now,
      clientAddress: client.address,
      userAgent: client.userAgent,
    };
    this.deps.sessions.put(session);
    const signedIn = users.update(user.id, { lastLoginAt: now }, now);
    await this.commit();
    return this.payload(session, signedIn);
  }

  async refresh(refreshToken: string): Promise<AuthPayload> {
    const { sessions, users, clock } = this.deps;
    const verified = await this.deps.tokens.verify('refresh', refreshToken);
    if (!verified.ok || verified.tokenId === null) {
      throw new AppError(
        ErrorCode.Unauthenticated,
        verified.ok || verified.reason === 'invalid' ? 'refresh token is not valid' : 'refresh token expired; sign in again',
      );
    }
    await this.deps.catchUp?.();
    const session = sessions.get(verified.sessionId);
    const user = users.get(verified.userId);
    if (!session || session.userId !== verified.userId || !user || !user.active)
      throw new AppError(ErrorCode.Unauthenticated, 'session ended; sign in again');
    const now = clock.now();
    const outcome = rotateRefreshToken(session, {
      presentedTokenId: verified.tokenId,
      now,
      nextTokenId: randomUUID(),
      refreshLifetimeMs: this.refreshLifetimeMs,
    });
    switch (outcome.kind) {
      case 'refused':
        throw new AppError(
          ErrorCode.Unauthenticated,
          outcome.reason === 'expired' ? 'session expired; sign in again' : 'session ended; sign in again',
        );
      case 'reuse-detected':
        sessions.put({ ...session, ...outcome.session });
        this.announceEnd(session, 'reuse-detected', now);
        // Committed, but the call is refused: the audit trail records it once, as the failure it is.
        await this.deps.writer.committed();
        throw new AppError(
          ErrorCode.Unauthenticated,
          'this refresh token was already used; the session is revoked for safety, sign in again',
        );
      case 'concurrent':
        return this.payload(session, user);
      case 'rotated': {
        const rotated: SessionRecord = { ...session, ...outcome.session, lastUsedAt: now };
        sessions.put(rotated);
        await this.commit();
        return this.payload(rotated, user);
      }
    }
  }

  /** A fresh token pair for the caller's own session, moving its expiry out by the refresh lifetime. */
  async extend(viewer: Viewer): Promise<AuthPayload> {
    const session = this.openSession(viewer.sessionId);
    const now = this.deps.clock.now();
    const extended: SessionRecord = {
      ...session,
      previousTokenId: session.currentTokenId,
      currentTokenId: randomUUID(),
      rotatedAt: now,
      expiresAt: now + this.refreshLifetimeMs,
      lastUsedAt: now,
    };
    this.deps.sessions.put(extended);
    await this.commit();
    return this.payload(extended, this.deps.users.require(viewer.userId));
  }

  async authenticate(accessToken: string): Promise<Authentication> {
    const now = this.deps.clock.now();
    let claims = this.verified.get(accessToken);
    if (claims === undefined) {
      const verified = await this.deps.tokens.verify('access', accessToken);
      if (!verified.ok) return { ok: false, reason: verified.reason };
      claims = { userId: verified.userId, sessionId: verified.sessionId, expiresAt: verified.expiresAt };
      if (this.verified.size >= VERIFIED_CACHE_LIMIT) this.verified.clear();
      this.verified.set(accessToken, claims);
    }
    if (now >= claims.expiresAt) {
      this.verified.delete(accessToken);
      return { ok: false, reason: 'expired' };
    }
    if (this.deps.catchUp && (!this.deps.sessions.get(claims.sessionId) || !this.deps.users.get(claims.userId))) await this.deps.catchUp();
    const session = this.deps.sessions.get(claims.sessionId);
    const user = this.deps.users.get(claims.userId);
    if (!session || !isSessionOpen(session, now) || session.userId !== claims.userId || !user || !user.active)
      return { ok: false, reason: 'revoked' };
    const access = this.accessOf?.(user.id, user.role);
    const viewer: Viewer =
      access === undefined
        ? { userId: user.id, username: user.username, role: user.role, sessionId: session.id }
        : { userId: user.id, username: user.username, role: user.role, sessionId: session.id, access };
    return { ok: true, viewer };
  }

  async logout(viewer: Viewer): Promise<boolean> {
    const ended = this.endSession(viewer.sessionId, 'logout');
    await this.commit();
    return ended;
  }

  /** Ends one session; false when it was already over. The caller checks who may end it. */
  async revokeSession(sessionId: string): Promise<boolean> {
    const ended = this.endSession(sessionId, 'revoked');
    await this.commit();
    return ended;
  }

  async revokeAllSessions(userId: string, keepSessionId: string | null, reason: SessionEndReason = 'revoked'): Promise<number> {
    const ended = this.endAllSessions(userId, reason, keepSessionId);
    await this.commit();
    return ended;
  }

  /** Stages the end of every open session of a user (deactivation, password change); no commit wait. */
  endAllSessions(userId: string, reason: SessionEndReason, keepSessionId: string | null = null): number {
    const now = this.deps.clock.now();
    let ended = 0;
    for (const session of this.deps.sessions.openSessionsOf(userId, now)) {
      if (session.id === keepSessionId) continue;
      if (this.endSession(session.id, reason)) ended += 1;
    }
    return ended;
  }

  /** A hash of a new password at the configured cost (people/peopleService.ts uses it for new users). */
  hashNewPassword(password: string): Promise<string> {
    return hashPassword(password, this.deps.passwordHashCost);
  }

  async changePassword(viewer: Viewer, currentPassword: string, newPassword: string, client: ClientInfo): Promise<boolean> {
    const { throttle } = this.deps;
    await throttle.check(viewer.username, client.address);
    const user = this.deps.users.require(viewer.userId);
    let correct = false;
    try {
      correct = user.passwordHash !== null && (await verifyPassword(currentPassword, user.passwordHash));
    } finally {
      if (correct) await throttle.succeeded(viewer.username, client.address);
      else await throttle.failed(viewer.username, client.address);
    }
    if (!correct) throw new AppError(ErrorCode.BadRequest, 'current password is not correct');
    assertAcceptablePassword(newPassword, user.username);
    const hash = await this.hashNewPassword(newPassword);
    const now = this.deps.clock.now();
    this.deps.users.update(user.id, { passwordHash: hash, passwordChangedAt: now }, now);
    // Other devices signed in with the old password are signed out; this one stays.
    this.endAllSessions(user.id, 'password-changed', viewer.sessionId);
    await this.commit();
    return true;
  }

  /** A one-time token an admin hands to the person, valid for a day. */
  async issuePasswordReset(userId: string): Promise<{ token: string; expiresAt: number }> {
    this.deps.users.require(userId);
    const issued = this.deps.resets.issue(userId, this.deps.clock.now());
    await this.commit();
    return issued;
  }

  async setPasswordWithToken(token: string, newPassword: string, client: ClientInfo): Promise<boolean> {
    // Per address only: a shared account bucket would let anyone block every redemption.
    await this.deps.throttle.check(null, client.address);
    const now = this.deps.clock.now();
    const invalid = () =>
      new AppError(ErrorCode.BadRequest, 'the reset token is not valid: it is unknown, used or expired; ask an admin for a new one');
    const userId = this.deps.resets.userOf(token, now);
    const user = userId === null ? undefined : this.deps.users.get(userId);
    if (!user) {
      await this.deps.throttle.failed(null, client.address);
      throw invalid();
    }
    await this.deps.throttle.succeeded(null, client.address);
    assertAcceptablePassword(newPassword, user.username);
    const hash = await this.hashNewPassword(newPassword);
    const at = this.deps.clock.now();
    // Redeemed after the hash: two concurrent uses of one token cannot both pass.
    if (!this.deps.resets.redeem(token, at)) throw invalid();
    this.deps.users.update(user.id, { passwordHash: hash, passwordChangedAt: at }, at);
    this.endAllSessions(user.id, 'password-changed');
    await this.commit();
    return true;
  }

  private endSession(sessionId: string, reason: SessionEndReason): boolean {
    const now = this.deps.clock.now();
    const session = this.deps.sessions.get(sessionId);
    if (!session || !isSessionOpen(session, now)) return false;
    this.deps.sessions.end(sessionId, reason, now);
    this.announceEnd(session, reason, now);
    return true;
  }

  private announceEnd(session: SessionRecord, reason: SessionEndReason, at: number): void {
    const event = { type: 'session.ended' as const, sessionId: session.id, userId: session.userId, reason, at, origin: 'api' as const };
    emitOnCommit(this.deps.writer, this.deps.bus, event);
  }

  private openSession(sessionId: string): SessionRecord {
    const session = this.deps.sessions.get(sessionId);
    if (!session || !isSessionOpen(session, this.deps.clock.now()))
      throw new AppError(ErrorCode.Unauthenticated, 'session ended; sign in again');
    return session;
  }

  /** Overload is refused before any mutation runs (GraphQL executor), so this only waits for the commit. */
  private commit(): Promise<void> {
    return this.deps.writer.acknowledge();
  }

  private async payload(session: SessionRecord, user: UserRecord): Promise<AuthPayload> {
    const subject = { userId: user.id, sessionId: session.id };
    const [access, refresh] = await Promise.all([
      this.deps.tokens.issue('access', subject),
      this.deps.tokens.issue('refresh', { ...subject, tokenId: session.currentTokenId }),
    ]);
    return {
      accessToken: access.token,
      refreshToken: refresh.token,
      expiresAt: access.expiresAt,
      refreshExpiresAt: refresh.expiresAt,
      sessionId: session.id,
      user,
    };
  }
}
