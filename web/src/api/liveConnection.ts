/**
 * The state of the console's live updates (the graphql-ws socket), so a screen can say when what it
 * shows may be out of date and catch up when the connection comes back: events sent while the socket
 * was down are not replayed by the server.
 *
 * The socket is lazy: it opens with the first subscription and closes normally (1000) after the
 * last, which is not a loss. Any other close while open or opening is, until it connects again.
 */
export type LiveState = 'idle' | 'connecting' | 'connected' | 'reconnecting';

export interface LiveConnection {
  readonly state: LiveState;
  /** How many times the socket came back after a loss: screens re-query when it grows. */
  readonly recoveries: number;
}

export type SocketEvent =
  | { readonly type: 'connecting' }
  | { readonly type: 'connected' }
  | { readonly type: 'closed'; readonly code: number };

export const INITIAL_LIVE_CONNECTION: LiveConnection = { state: 'idle', recoveries: 0 };

const NORMAL_CLOSURE = 1000;

export function nextLiveConnection(current: LiveConnection, event: SocketEvent): LiveConnection {
  switch (event.type) {
    case 'connecting':
      return current.state === 'reconnecting' ? current : { ...current, state: 'connecting' };
    case 'connected':
      return { state: 'connected', recoveries: current.state === 'reconnecting' ? current.recoveries + 1 : current.recoveries };
    case 'closed':
      if (event.code === NORMAL_CLOSURE || current.state === 'idle') return { ...current, state: 'idle' };
      return { ...current, state: 'reconnecting' };
  }
}

/** The live connection as a small store React subscribes to (useSyncExternalStore). */
export class LiveConnectionStore {
  private value: LiveConnection = INITIAL_LIVE_CONNECTION;
  private readonly listeners = new Set<() => void>();

  current = (): LiveConnection => this.value;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  record(event: SocketEvent): void {
    const next = nextLiveConnection(this.value, event);
    if (next.state === this.value.state && next.recoveries === this.value.recoveries) return;
    this.value = next;
    for (const listener of this.listeners) listener();
  }
}
