/** The live connection for screens: its state, and a callback when it came back after a loss. */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { INITIAL_LIVE_CONNECTION, type LiveConnection, type LiveConnectionStore } from './liveConnection';

export const LiveConnectionContext = createContext<LiveConnectionStore | null>(null);

export function useLiveConnection(): LiveConnection {
  const store = useContext(LiveConnectionContext);
  return useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => undefined),
    () => store?.current() ?? INITIAL_LIVE_CONNECTION,
  );
}

/**
 * Runs `catchUp` each time live updates come back after a loss: what changed meanwhile was never
 * sent, so a screen re-queries what it shows.
 */
export function useOnLiveRecovered(catchUp: () => void): void {
  const { recoveries } = useLiveConnection();
  const latest = useRef(catchUp);
  latest.current = catchUp;
  const seen = useRef(recoveries);
  useEffect(() => {
    if (recoveries === seen.current) return;
    seen.current = recoveries;
    latest.current();
  }, [recoveries]);
}
