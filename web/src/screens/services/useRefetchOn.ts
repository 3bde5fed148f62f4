/** Re-ask a query from the network whenever `key` changes after the first render (e.g. a live status change). */
import { useEffect, useRef } from 'react';
import type { OperationContext } from '@urql/core';

export function useRefetchOn(key: unknown, reexecute: (context?: Partial<OperationContext>) => void): void {
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
