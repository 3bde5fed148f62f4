import { describe, expect, it } from 'vitest';
import {
  REFRESH_AHEAD_MS,
  RefreshRefusedError,
  sessionFromPayload,
  SessionStore,
  STORAGE_KEY,
  type AuthPayload,
  type SessionTimers,
} from './sessionStore';

class ManualTimers implements SessionTimers {
  time = Date.parse('2026-11-26T10:00:00Z');
  private pending: { at: number; fn: () => void; handle: number }[] = [];
  private next = 1;
  now = () => this.time;
  setTimeout = (fn: () => void, ms: number) => {
    const handle = this.next++;
    this.pending.push({ at: this.time + ms, fn, handle });
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.pending = this.pending.filter((t) => t.handle !== handle);
  };
  advance(ms: number) {
    this.time += ms;
    const due = this.pending.filter((t) => t.at <= this.time);
    this.pending = this.pending.filter((t) => t.at > this.time);
    for (const t of due) t.fn();
  }
}

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

const user = { id: 'u1', username: 'ada', displayName: 'Ada', role: 'OPERATOR' };

function payload(timers: ManualTimers, n: number): AuthPayload {
  return {
    accessToken: `access-${n}`,
    refreshToken: `refresh-${n}`,
    expiresAt: new Date(timers.time + 15 * 60_000).toISOString(),
    refreshExpiresAt: new Date(timers.time + 7 * 86_400_000).toISOString(),
    user,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SessionStore', () => {
  it('keeps a signed-in session across a reload (it is read back from storage)', () => {
    const timers = new ManualTimers();
    const storage = new MemoryStorage();
    new SessionStore({ storage, timers, refresh: async () => payload(timers, 2) }).signedIn(payload(timers, 1));
    const reloaded = new SessionStore({ storage, timers, refresh: async () => payload(timers, 2) });
    expect(reloaded.current()?.accessToken).toBe('access-1');
  });

  it('refreshes silently a minute before the access token expires', async () => {
    const timers = new ManualTimers();
    const spent: string[] = [];
    const store = new SessionStore({
      storage: new MemoryStorage(),
      timers,
      refresh: async (token) => (spent.push(token), payload(timers, 2)),
    });
    store.signedIn(payload(timers, 1));
    timers.advance(15 * 60_000 - REFRESH_AHEAD_MS - 1);
    expect(spent).toEqual([]);
    timers.advance(1);
    await flush();
    expect(spent).toEqual(['refresh-1']);
    expect(store.current()?.accessToken).toBe('access-2');
  });

  it('ends the session, saying it expired, when the refresh token is refused', async () => {
    const timers = new ManualTimers();
    const storage = new MemoryStorage();
    const store = new SessionStore({
      storage,
      timers,
      refresh: async () => {
        throw new RefreshRefusedError('used');
      },
    });
    store.signedIn(payload(timers, 1));
    await store.refreshNow();
    expect(store.current()).toBeNull();
    expect(store.lastEndReason()).toBe('expired');
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('keeps the session and retries when the server cannot be reached', async () => {
    const timers = new ManualTimers();
    let calls = 0;
    const store = new SessionStore({
      storage: new MemoryStorage(),
      timers,
      refresh: async () => {
        calls++;
        if (calls === 1) throw new TypeError('fetch failed');
        return payload(timers, 2);
      },
    });
    store.signedIn(payload(timers, 1));
    await store.refreshNow();
    expect(store.current()?.accessToken).toBe('access-1');
    timers.advance(10_000);
    await flush();
    expect(store.current()?.accessToken).toBe('access-2');
  });

  it('uses the pair another tab already refreshed instead of spending the old refresh token again', async () => {
    const timers = new ManualTimers();
    const storage = new MemoryStorage();
    const spent: string[] = [];
    const refresh = async (token: string) => (spent.push(token), payload(timers, 9));
    const thisTab = new SessionStore({ storage, timers, refresh });
    thisTab.signedIn(payload(timers, 1));
    const otherTab = new SessionStore({ storage, timers, refresh: async () => payload(timers, 2) });
    await otherTab.refreshNow();
    await thisTab.refreshNow();
    expect(spent).toEqual([]);
    expect(thisTab.current()?.accessToken).toBe('access-2');
  });

  it('asks for a token: a fresh one as is, one about to expire after a refresh', async () => {
    const timers = new ManualTimers();
    const store = new SessionStore({ storage: new MemoryStorage(), timers, refresh: async () => payload(timers, 2) });
    store.signedIn(payload(timers, 1));
    expect(await store.accessToken()).toBe('access-1');
    timers.time += 15 * 60_000 - 1_000;
    expect(await store.accessToken()).toBe('access-2');
  });

  it("counts the access token's lifetime from this browser's clock, so a skewed clock neither refreshes in a loop nor too late", () => {
    const serverNow = Date.parse('2026-11-26T10:00:00Z');
    const browserNow = serverNow + 20 * 60_000; // 20 minutes ahead: the server's expiry is already past here
    const claims = btoa(JSON.stringify({ sub: 'u1', iat: serverNow / 1000, exp: serverNow / 1000 + 900 })).replace(/=+$/, '');
    const session = sessionFromPayload(
      {
        accessToken: `header.${claims}.signature`,
        refreshToken: 'r',
        expiresAt: new Date(serverNow + 900_000).toISOString(),
        refreshExpiresAt: new Date(serverNow + 7 * 86_400_000).toISOString(),
        user,
      },
      browserNow,
    );
    expect(session.expiresAt).toBe(browserNow + 900_000);
    expect(session.refreshExpiresAt).toBe(browserNow + 7 * 86_400_000);
  });
});
