/**
 * The session and the GraphQL client, for every screen: one `SessionStore` for the page, and a new
 * API client (with its WebSocket) for each signed-in user, disposed at sign-out.
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Provider as UrqlProvider } from 'urql';
import { createApiClient } from '../api/client';
import { LiveConnectionContext } from '../api/useLiveConnection';
import { logout, refreshSession } from '../api/authCalls';
import { SessionStore, STORAGE_KEY, type Session } from './sessionStore';

interface SessionValue {
  readonly store: SessionStore;
  readonly session: Session | null;
  signOut(): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function createBrowserSessionStore(): SessionStore {
  return new SessionStore({ storage: window.localStorage, refresh: refreshSession });
}

export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  const session = useSyncExternalStore(
    (listener) => store.subscribe(listener),
    () => store.current(),
  );
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) store.storageChanged();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);
  const userId = session?.user.id ?? null;
  const [api, setApi] = useState<ReturnType<typeof createApiClient> | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const client = createApiClient(store);
    setApi(client);
    return () => {
      client.dispose();
      setApi(null);
    };
  }, [store, userId]);
  const value = useMemo<SessionValue>(
    () => ({
      store,
      session,
      async signOut() {
        const token = store.current()?.accessToken;
        store.signOut('signed-out');
        if (token) await logout(token);
      },
    }),
    [store, session],
  );
  return (
    <SessionContext.Provider value={value}>
      {api && session ? (
        <UrqlProvider value={api.urql}>
          <LiveConnectionContext.Provider value={api.live}>{children}</LiveConnectionContext.Provider>
        </UrqlProvider>
      ) : (
        children
      )}
    </SessionContext.Provider>
  );
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/** The signed-in user; only for screens behind the sign-in (App renders them only then). */
export function useViewer(): Session['user'] {
  const { session } = useSession();
  if (!session) throw new Error('useViewer while signed out');
  return session.user;
}
