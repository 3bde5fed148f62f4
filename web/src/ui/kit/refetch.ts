/**
 * Two ways a screen asks a query again when something else tells it the data changed. They differ
 * in what they are told, so they have different names:
 *
 * - `useNetworkRefetchOnKeyChange(key, reexecute)`: a value that identifies the current state (a live
 *   status, a change's time); each new value after the first render re-asks urql from the network.
 * - `useRefetchOnChangeCount(count, refetch)`: a counter of changes heard (a ticket page's version,
 *   0 before any); each new count above 0 calls the latest `refetch`, whatever it does.
 */
import { useEffect, useRef } from 'react';
import type { OperationContext } from '@urql/core';

export function useNetworkRefetchOnKeyChange(key: unknown, reexecute: (context?: Partial<OperationContext>) => void): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    reexecute({ requestPolicy: 'network-only' });
    // Only a new key asks again; reexecute is a new function each render.
  }, [key]);
}

export function useRefetchOnChangeCount(count: number, refetch: () => void): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (count > 0) latest.current();
  }, [count]);
}
