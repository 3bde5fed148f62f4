/**
 * The signed-in session of this browser: the token pair, kept in localStorage so a reload or a new
 * tab stays signed in, refreshed a minute before the access token expires (silent refresh), and
 * ended when the refresh token is refused. Refresh tokens work once, so two tabs must not both spend
 * the same one: a refresh runs under a Web Lock shared by the tabs and first re-reads the storage,
 * where another tab may already have put a newer pair.
 *
 * No React here: the store is a plain object the provider subscribes to, tested with a fake clock.
 */
export interface SessionUser {
  readonly id: string;
  readonly username: string;
  readonly displayName: string | null;
  readonly role: string;
}

export interface Session {
  readonly accessToken: string;
  /** Milliseconds since the epoch. */
  readonly expiresAt: number;
  readonly refreshToken: string;
  readonly refreshExpiresAt: number;
  readonly user: SessionUser;
}

/** What the server answers for login, refreshToken, loginWithProvider and completeProviderSignIn. */
export interface AuthPayload {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresAt: string;
  readonly refreshExpiresAt: string;
  readonly user: SessionUser;
}

export type RefreshCall = (refreshToken: string) => Promise<AuthPayload>;

/** Why a session ended, shown on the sign-in screen. */
export type EndReason = 'signed-out' | 'expired';

export interface SessionTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SessionStoreOptions {
  readonly storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  readonly refresh: RefreshCall;
  readonly timers?: SessionTimers;
  /** Runs `task` while no other tab runs a task of the same name (navigator.locks when there is one). */
  readonly exclusive?: <T>(name: string, task: () => Promise<T>) => Promise<T>;
}

export const STORAGE_KEY = 'svc.console.session';
/** Refresh this long before the access token expires. */
export const REFRESH_AHEAD_MS = 60_000;
export const MIN_REFRESH_GAP_MS = 5_000;

const browserTimers: SessionTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function browserExclusive<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
}

/**
 * The session as this browser's clock sees it. The server's expiry times are in the server's clock;
 * a browser whose clock is minutes off would refresh too late (tokens refused) or at once, again and
 * again. So the access token's own lifetime (`exp - iat`, read from the JWT) is counted from `now`,
 * and the refresh token keeps the same distance after it as on the server.
 */
export function sessionFromPayload(payload: AuthPayload, now: number): Session {
  const serverExpiresAt = Date.parse(payload.expiresAt);
  const serverRefreshExpiresAt = Date.parse(payload.refreshExpiresAt);
  const lifetimeMs = accessTokenLifetimeMs(payload.accessToken);
  const expiresAt = lifetimeMs === null ? serverExpiresAt : now + lifetimeMs;
  return {
    accessToken: payload.accessToken,
    expiresAt,
    refreshToken: payload.refreshToken,
    refreshExpiresAt: expiresAt + (serverRefreshExpiresAt - serverExpiresAt),
    user: payload.user,
  };
}

/** `exp - iat` of a JWT in milliseconds; null when the token does not say (then the server's times are used). */
export function accessTokenLifetimeMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    return typeof claims.iat === 'number' && typeof claims.exp === 'number' && claims.exp > claims.iat
      ? (claims.exp - claims.iat) * 1000
      : null;
  } catch {
    return null;
  }
}

export class SessionStore {
  private session: Session | null;
  private endReason: EndReason | null = null;
  private timer: unknown = null;
  private refreshing: Promise<Session | null> | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly timers: SessionTimers;
  private readonly exclusive: <T>(name: string, task: () => Promise<T>) => Promise<T>;

  constructor(private readonly options: SessionStoreOptions) {
    this.timers = options.timers ?? browserTimers;
    this.exclusive = options.exclusive ?? browserExclusive;
    this.session = this.readStored();
    if (this.session && this.session.refreshExpiresAt <= this.timers.now()) this.session = null;
    this.schedule();
  }

  current(): Session | null {
    return this.session;
  }

  /** Why the last session ended (null while signed in or before any sign-in). */
  lastEndReason(): EndReason | null {
    return this.endReason;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  signedIn(payload: AuthPayload): void {
    this.set(sessionFromPayload(payload, this.timers.now()), null);
  }

  /** Ends the session here (the caller tells the server first, when it still can). */
  signOut(reason: EndReason = 'signed-out'): void {
    this.set(null, reason);
  }

  /** Another tab changed the stored session (the `storage` event): follow it. */
  storageChanged(): void {
    const stored = this.readStored();
    if (stored?.refreshToken === this.session?.refreshToken) return;
    this.session = stored;
    if (!stored) this.endReason = 'signed-out';
    this.schedule();
    this.emit();
  }

  /**
   * An access token valid for at least the next few seconds, refreshing first when it is about to
   * expire; null when signed out or the refresh was refused.
   */
  async accessToken(): Promise<string | null> {
    const session = this.session;
    if (!session) return null;
    if (session.expiresAt - this.timers.now() > 5_000) return session.accessToken;
    return (await this.refreshNow())?.accessToken ?? null;
  }

  /** Refreshes now (once at a time, across tabs); the new session, or null when it ended. */
  refreshNow(): Promise<Session | null> {
    this.refreshing ??= this.exclusive(`${STORAGE_KEY}.refresh`, () => this.refreshOnce()).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refreshOnce(): Promise<Session | null> {
    const before = this.session;
    if (!before) return null;
    // Another tab may have refreshed while this one waited for the lock: its pair is the live one.
    const stored = this.readStored();
    if (stored && stored.refreshToken !== before.refreshToken && stored.expiresAt - this.timers.now() > REFRESH_AHEAD_MS) {
      this.set(stored, null);
      return stored;
    }
    try {
      const next = sessionFromPayload(await this.options.refresh(before.refreshToken), this.timers.now());
      this.set(next, null);
      return next;
    } catch (error) {
      if (isRefused(error)) {
        this.set(null, 'expired');
        return null;
      }
      // The server could not be reached: keep the session and try again shortly.
      this.schedule(10_000);
      return this.session;
    }
  }

  private set(session: Session | null, reason: EndReason | null): void {
    this.session = session;
    this.endReason = reason;
    if (session) this.options.storage.setItem(STORAGE_KEY, JSON.stringify(session));
    else this.options.storage.removeItem(STORAGE_KEY);
    this.schedule();
    this.emit();
  }

  private schedule(inMs?: number): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const session = this.session;
    if (!session) return;
    // Never sooner than MIN_REFRESH_GAP_MS: a token that lives less than a minute must not start a
    // refresh loop (a call that needs a token sooner refreshes on demand, see accessToken()).
    const delay = inMs ?? Math.max(MIN_REFRESH_GAP_MS, session.expiresAt - REFRESH_AHEAD_MS - this.timers.now());
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.refreshNow();
    }, delay);
  }

  private readStored(): Session | null {
    const text = this.options.storage.getItem(STORAGE_KEY);
    if (!text) return null;
    try {
      const value = JSON.parse(text) as Session;
      return typeof value.accessToken === 'string' && typeof value.refreshToken === 'string' && value.user ? value : null;
    } catch {
      return null;
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

/** The server answered and said no (as opposed to: it could not be reached). */
export class RefreshRefusedError extends Error {}

function isRefused(error: unknown): boolean {
  return error instanceof RefreshRefusedError;
}
